import { NotFound } from '../components/NotFound';

export const Component = NotFound;

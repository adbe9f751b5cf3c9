/**
 * /classes and /classes/:name as one route module: one lazy entry in the route tree, whose code
 * ships with the log-in page's first load (its budget is tight: web/bundle-budget.unit.test.ts).
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { useParams } from 'react-router-dom';
import { Component as ClassPage, loader as classLoader } from './ClassPage';
import { Component as ClassesPage, loader as classesLoader } from './ClassesPage';

export function loader(args: LoaderFunctionArgs) {
  return args.params.name ? classLoader(args) : classesLoader(args);
}

export function Component() {
  return useParams().name ? <ClassPage /> : <ClassesPage />;
}

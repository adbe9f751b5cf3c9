/**
 * The sessions projection's handlers: one per Session event type, each folding the event into the
 * booking's stored state and writing the booking's occurrences again (write.ts).
 */
import type { ProjectionHandler } from '../types';

export const sessionHandlers: Record<string, ProjectionHandler> = {};

/**
 * The adapter for a room plan (plan.ts) and the ecosystem's credentials: the providers' base URLs
 * come from the configuration (LESSONSPACE_API_URL, ZOOM_API_URL, ZOOM_OAUTH_URL), the built-in
 * room's links from PUBLIC_URL.
 */
import { publicUrl, type Config } from '../config';
import { BuiltInRooms } from './builtin';
import type { LessonspaceCredentials, ZoomCredentials } from './credentials';
import { LessonspaceRooms } from './lessonspace';
import type { MeetingRooms } from './port';
import { ZoomRooms } from './zoom';

export type RoomsConfig = Pick<Config, 'LESSONSPACE_API_URL' | 'ZOOM_API_URL' | 'ZOOM_OAUTH_URL' | 'PUBLIC_URL' | 'PORT'>;

export type AdapterChoice =
  | { provider: 'LESSONSPACE'; credentials: LessonspaceCredentials }
  | { provider: 'ZOOM'; credentials: ZoomCredentials }
  | { provider: 'BUILT_IN' };

export function meetingRoomsFor(choice: AdapterChoice, config: RoomsConfig): MeetingRooms {
  switch (choice.provider) {
    case 'LESSONSPACE':
      return new LessonspaceRooms({ apiKey: choice.credentials.apiKey, baseUrl: config.LESSONSPACE_API_URL });
    case 'ZOOM':
      return new ZoomRooms({ ...choice.credentials, apiBaseUrl: config.ZOOM_API_URL, oauthBaseUrl: config.ZOOM_OAUTH_URL });
    case 'BUILT_IN':
      return new BuiltInRooms((path) => publicUrl(config, path));
    default: {
      const never: never = choice;
      throw new Error(`Unknown room provider ${JSON.stringify(never)}`);
    }
  }
}

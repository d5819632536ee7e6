import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder';
import './errors';
import './user';
import './auth';
import './notifications';
import './branding';
import './translations';
import './system';
import './messages';
import './places';
import './publications';
import './publicationMutations';
import './communities';
import './reactions';
import './galleries';
import './profile';
import './privacy';
import './friendships';
import './suggestions';
import './meetingClasses';
import './rooms';
import './calls';
import './roomChat';
import './roomFiles';
import './meetingContacts';
import './calendar';
import './recordings';
import './admin';
import './mediaLibrary';
import './content';
import './support';
import './subscriptions';
import './systemSettings';
import './landing';
import './apiKeys';
import './modules';
import './stylesheets';
import './themes';
import './templates';
import './memberFiles';
import './groupCalls';
import './search';
import './drawingBoard';
import './triviaQuestions';
import './mentions';
import './activities';
import './miniGames';
import './presentation';
import './nodes';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql (Relay compiles against it; a test keeps it fresh). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

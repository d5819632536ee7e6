import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder';
import './errors';
import './user';
import './auth';
import './notifications';
import './branding';
import './system';
import './messages';
import './places';
import './publications';
import './galleries';
import './profile';
import './friendships';
import './meetingClasses';
import './rooms';
import './calls';
import './roomChat';
import './meetingContacts';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql (Relay compiles against it; a test keeps it fresh). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { flag } from './values';

/** Spec section 7, "Content and admin": module cards, package upload, the ZoomVisor switch, group-call settings. */

const MODULE = `fragment RestModule on Module { databaseId name description version author status moduleType }`;

type GraphQLModule = {
  databaseId: number;
  name: string;
  description: string | null;
  version: string;
  author: string;
  status: string;
  moduleType: string;
};

/** The spec's module object (section 3, "Module"). */
const restModule = (module: GraphQLModule) => ({
  id: module.databaseId,
  name: module.name,
  description: module.description,
  version: module.version,
  author: module.author,
  status: module.status.toLowerCase(),
  module_type: module.moduleType,
});

const PLAN = `fragment RestParticipantPlan on GroupCallSettings { participantPlan { plan maxParticipants commercial } groupCallsEnabled }`;

type GraphQLPlanSettings = {
  participantPlan: { plan: string; maxParticipants: number | null; commercial: boolean };
  groupCallsEnabled: boolean;
};

/** The spec's participant plan answer (section 3): plan, max_participants (null: unlimited), commercial. */
const restPlan = ({ participantPlan: plan }: GraphQLPlanSettings) => ({
  plan: plan.plan.toLowerCase(),
  max_participants: plan.maxParticipants,
  commercial: plan.commercial,
});

/** `?enabled=`: anything but true/false/1/0 is sent as missing, for the operation's translated refusal. */
const enabledParam = (query: URLSearchParams) => {
  const value = flag(query.get('enabled'));
  return typeof value === 'boolean' ? value : null;
};

const STYLESHEET = `fragment RestStylesheet on Stylesheet { databaseId name content variables { name value } isCompressed isActive }`;

type GraphQLStylesheet = {
  databaseId: number;
  name: string;
  content: string;
  variables: { name: string; value: string }[];
  isCompressed: boolean;
  isActive: boolean;
};

/** The spec's stylesheet (section 3): id, name, content, variables (an object of custom properties), is_compressed, is_active. */
const restStylesheet = (sheet: GraphQLStylesheet) => ({
  id: sheet.databaseId,
  name: sheet.name,
  content: sheet.content,
  variables: Object.fromEntries(sheet.variables.map(({ name, value }) => [name, value])),
  is_compressed: sheet.isCompressed,
  is_active: sheet.isActive,
});

/** A REST body's `variables` object (`{"--brand": "#0af"}`) as the operation's list; anything else is passed on for refusal. */
const variableList = (variables: unknown) =>
  variables && typeof variables === 'object' && !Array.isArray(variables)
    ? Object.entries(variables).map(([name, value]) => ({ name, value: String(value) }))
    : (variables ?? null);

export const moduleRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/stylesheets',
    access: 'admin',
    operation: `query RestStylesheets { stylesheets { ...RestStylesheet } } ${STYLESHEET}`,
    respond: ({ stylesheets }) => stylesheets.map(restStylesheet),
  },
  {
    method: 'POST',
    path: '/stylesheets',
    access: 'admin',
    status: 201,
    operation: `mutation RestCreateStylesheet($input: StylesheetInput!) {
      createStylesheet(input: $input) { __typename ...RestError ... on Stylesheet { ...RestStylesheet } }
    } ${STYLESHEET}`,
    variables: ({ body }) => ({
      input: {
        name: body.name ?? '',
        content: body.content ?? '',
        variables: variableList(body.variables),
        isCompressed: body.is_compressed ?? false,
      },
    }),
    respond: ({ createStylesheet }) => restStylesheet(createStylesheet),
  },
  {
    method: 'PUT',
    path: '/stylesheets/:id(\\d+)/activate',
    access: 'admin',
    operation: `mutation RestActivateStylesheet($id: ID!, $active: Boolean!) {
      setStylesheetActive(id: $id, active: $active) { __typename ...RestError ... on Stylesheet { ...RestStylesheet } }
    } ${STYLESHEET}`,
    variables: ({ params, query }) => ({
      id: encodeGlobalID('Stylesheet', params.id),
      active: flag(query.get('active')) !== false,
    }),
    respond: ({ setStylesheetActive }) => restStylesheet(setStylesheetActive),
  },
  {
    method: 'GET',
    path: '/modules',
    access: 'admin',
    operation: `query RestModules { modules { ...RestModule } } ${MODULE}`,
    respond: ({ modules }) => modules.map(restModule),
  },
  {
    method: 'PUT',
    path: '/modules/:id(\\d+)/toggle',
    access: 'admin',
    operation: `mutation RestToggleModule($id: ID!) {
      toggleModule(moduleId: $id) { __typename ...RestError ... on ToggleModuleSuccess { module { ...RestModule } } }
    } ${MODULE}`,
    variables: ({ params }) => ({ id: encodeGlobalID('Module', params.id) }),
    respond: ({ toggleModule }) => ({ success: true, module: restModule(toggleModule.module) }),
  },
  {
    method: 'POST',
    path: '/modules/upload',
    access: 'admin',
    status: 201,
    operation: `mutation RestUploadModule($file: File) {
      uploadModule(file: $file) { __typename ...RestError ... on UploadModuleSuccess { module { ...RestModule } } }
    } ${MODULE}`,
    variables: ({ body }) => ({ file: body.file ?? null }),
    respond: ({ uploadModule }) => ({ success: true, module: restModule(uploadModule.module) }),
  },
  {
    method: 'GET',
    path: '/modules/zoomvisor/status',
    access: 'member',
    operation: `query RestZoomvisorStatus { zoomvisorStatus { enabled } }`,
    respond: ({ zoomvisorStatus }) => ({ enabled: zoomvisorStatus.enabled }),
  },
  {
    method: 'PUT',
    path: '/modules/zoomvisor/toggle',
    access: 'admin',
    operation: `mutation RestToggleZoomvisor($enabled: Boolean) {
      setZoomvisorEnabled(enabled: $enabled) {
        __typename ...RestError ... on SetZoomvisorEnabledSuccess { zoomvisorStatus { enabled } }
      }
    }`,
    variables: ({ query }) => ({ enabled: enabledParam(query) }),
    respond: ({ setZoomvisorEnabled }) => ({ success: true, enabled: setZoomvisorEnabled.zoomvisorStatus.enabled }),
  },
  {
    method: 'GET',
    path: '/settings/zoomvisor',
    access: 'admin',
    operation: `query RestZoomvisorSettings { groupCallSettings { settings { databaseId key value description } } }`,
    respond: ({ groupCallSettings }) =>
      groupCallSettings.settings.map(
        (setting: { databaseId: number | null; key: string; value: string; description: string }) => ({
          id: setting.databaseId,
          key: setting.key,
          value: setting.value,
          description: setting.description,
        }),
      ),
  },
  {
    method: 'GET',
    path: '/settings/zoomvisor/participant-plan',
    access: 'admin',
    operation: `query RestParticipantPlan { groupCallSettings { ...RestParticipantPlan } } ${PLAN}`,
    respond: ({ groupCallSettings }) => restPlan(groupCallSettings),
  },
  {
    method: 'PUT',
    path: '/settings/zoomvisor/participant-plan',
    access: 'admin',
    operation: `mutation RestSetParticipantPlan($plan: String) {
      setParticipantPlan(plan: $plan) {
        __typename ...RestError ... on GroupCallSettingsSuccess { groupCallSettings { ...RestParticipantPlan } }
      }
    } ${PLAN}`,
    variables: ({ query, body }) => ({ plan: query.get('plan') ?? (typeof body.plan === 'string' ? body.plan : null) }),
    respond: ({ setParticipantPlan }) => restPlan(setParticipantPlan.groupCallSettings),
  },
  {
    method: 'PUT',
    path: '/settings/zoomvisor/group-calls',
    access: 'admin',
    operation: `mutation RestSetGroupCalls($enabled: Boolean) {
      setGroupCallsEnabled(enabled: $enabled) {
        __typename ...RestError ... on GroupCallSettingsSuccess { groupCallSettings { groupCallsEnabled } }
      }
    }`,
    variables: ({ query }) => ({ enabled: enabledParam(query) }),
    respond: ({ setGroupCallsEnabled }) => ({ success: true, enabled: setGroupCallsEnabled.groupCallSettings.groupCallsEnabled }),
  },
];

import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { useModuleSwitchesQuery } from '../../__generated__/useModuleSwitchesQuery.graphql';

/** Modules an admin can switch off; their entry points (links, buttons) show only while on. */
export type ModuleSwitches = { zoomvisor: boolean };

const switchesQuery = graphql`
  query useModuleSwitchesQuery {
    zoomvisorStatus {
      enabled
    }
  }
`;

/**
 * Which modules are on (suspends on the first read). The admin's switch updates the same record
 * (ModulesTab), so the links change without a reload.
 */
export function useModuleSwitches(): ModuleSwitches {
  const data = useLazyLoadQuery<useModuleSwitchesQuery>(switchesQuery, {}, { fetchPolicy: 'store-or-network' });
  return { zoomvisor: data.zoomvisorStatus.enabled };
}

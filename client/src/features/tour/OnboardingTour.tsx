import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { OnboardingTourQuery } from '../../__generated__/OnboardingTourQuery.graphql';
import type { OnboardingTourCompleteMutation } from '../../__generated__/OnboardingTourCompleteMutation.graphql';
import { browserFlags } from '../../app/browserFlags';
import { AUTO_CLICK_DELAY_MS, tourStepsFor, type TourStep } from './tourSteps';

const onboardingTourQuery = graphql`
  query OnboardingTourQuery {
    viewer {
      role
      tourCompleted
    }
    interfaceSettings {
      tourEnabled
    }
  }
`;

const completeMutation = graphql`
  mutation OnboardingTourCompleteMutation {
    completeTour {
      __typename
      ... on CompleteTourSuccess {
        viewer {
          tourCompleted
        }
      }
    }
  }
`;

/** How long a step waits for its page to show its target before centring the popover instead. */
const TARGET_WAIT_MS = 8000;

const visible = (element: Element) => element.getClientRects().length > 0;

/** The step's first visible target; null: none (centred). */
const targetOf = (step: TourStep): Element | null => {
  for (const selector of step.targets) {
    const found = [...document.querySelectorAll(selector)].find(visible);
    if (found) return found;
  }
  return null;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The onboarding tour (spec sections 2-4 and 9), drawn by driver.js in our theme (tour.css). It starts
 * on a member's first visit: the site has it on (system setting tour_enabled), this browser has not
 * switched it off (linkup_tour_disabled), and the member's account has not finished it (the server
 * keeps that, so an admin's "reset tour for all" brings it back). Finishing or skipping it is stored
 * on the account and in linkup_tour_completed. It ends without a trace when the member changes
 * (this component is mounted per signed-in member).
 */
/**
 * driver.js unmarks the element of the last step whose highlight *finished*: a Next clicked while a
 * highlight is still moving leaves that step's element marked (and unclickable) beside the new one.
 * Called as each highlight starts, before driver.js marks the new element.
 */
function unmarkStaleHighlights() {
  document.querySelectorAll('.driver-active-element').forEach((element) => {
    element.classList.remove('driver-active-element', 'driver-no-interaction');
    for (const attribute of ['aria-haspopup', 'aria-expanded', 'aria-controls']) element.removeAttribute(attribute);
  });
}

export function OnboardingTour() {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const data = useLazyLoadQuery<OnboardingTourQuery>(onboardingTourQuery, {}, { fetchPolicy: 'network-only' });
  const [commitComplete] = useMutation<OnboardingTourCompleteMutation>(completeMutation);
  const due = data.interfaceSettings.tourEnabled && data.viewer?.tourCompleted === false && !browserFlags.tourDisabled();
  const isAdmin = data.viewer?.role === 'ADMIN';

  useEffect(() => {
    if (!due) return;
    // The account says the tour is ahead (a first visit, or an admin's reset): this browser's old mark goes.
    browserFlags.setTourCompleted(false);
    let unmounted = false;
    let stop: (() => void) | undefined;
    void (async () => {
      const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css'), import('./tour.css')]);
      if (unmounted) return;
      const steps = tourStepsFor(isAdmin);
      const autoClicks: number[] = [];
      let current = window.location.pathname;

      const tour = driver({
        showProgress: true,
        // driver.js fills in its own {{current}} and {{total}}.
        progressText: t`Шаг ${'{{current}}'} из ${'{{total}}'}`,
        nextBtnText: t`Далее`,
        prevBtnText: t`Назад`,
        doneBtnText: t`Готово`,
        popoverClass: 'linkup-tour',
        stagePadding: 6,
        stageRadius: 8,
        allowClose: true,
        // A tap beside the popover on a phone must not end the tour: only Skip, the cross and Esc do.
        overlayClickBehavior: () => {},
        steps: steps.map((step) => ({
          element: (() => targetOf(step)) as () => Element,
          waitForElement: step.targets.length ? TARGET_WAIT_MS : 0,
          disableActiveInteraction: true,
          popover: {
            title: escapeHtml(i18n._(step.title)),
            description: escapeHtml(i18n._(step.content)),
            side: step.position,
            align: 'center',
            popoverClass: step.highlight ? 'linkup-tour' : 'linkup-tour linkup-tour-plain',
          },
          onHighlightStarted: unmarkStaleHighlights,
          onHighlighted: (element) => {
            if (!step.autoClick || !element || !step.targets[0] || !element.matches(step.targets[0])) return;
            autoClicks.push(window.setTimeout(() => (element as HTMLElement).click(), AUTO_CLICK_DELAY_MS));
          },
        })),
        onPopoverRender: (popover, { driver: active }) => {
          popover.wrapper.dataset.testid = 'tour-popover';
          popover.wrapper.dataset.step = String(steps[active.getActiveIndex() ?? 0]?.id);
          popover.nextButton.dataset.testid = 'tour-next';
          popover.previousButton.dataset.testid = 'tour-back';
          const skip = document.createElement('button');
          skip.type = 'button';
          skip.className = 'linkup-tour-skip';
          skip.dataset.testid = 'tour-skip';
          skip.textContent = t`Пропустить`;
          skip.addEventListener('click', finish);
          if (!active.isLastStep()) popover.footer.prepend(skip);
        },
        // Moving to a step on another page goes there first; the step waits for its target to appear.
        onNextClick: (_element, _step, { driver: active }) => go(active.getActiveIndex()! + 1),
        onPrevClick: (_element, _step, { driver: active }) => go(active.getActiveIndex()! - 1),
        // The cross and Esc: driver.js asks before it ends the tour (our own destroy() does not ask).
        onDestroyStarted: finish,
      });

      /**
       * The member ended the tour (Done, Skip, the cross, Esc): done on the account and in this browser.
       * Marked here rather than in driver.js's onDestroyed, which it skips when no step's highlight has
       * finished moving yet (400 ms each): a member clicking through quickly never had it marked.
       */
      function finish() {
        autoClicks.forEach(clearTimeout);
        browserFlags.setTourCompleted(true);
        commitComplete({ variables: {} });
        tour.destroy();
      }

      function go(index: number) {
        autoClicks.forEach(clearTimeout);
        const step = steps[index];
        if (!step) return finish();
        if (step.requiresNavigation && step.requiresNavigation !== current) {
          current = step.requiresNavigation;
          navigate(step.requiresNavigation);
        }
        tour.moveTo(index);
      }

      // Unmounted (signed out, another member): the tour ends without being marked done.
      stop = () => {
        autoClicks.forEach(clearTimeout);
        tour.destroy();
      };
      tour.drive();
    })();
    return () => {
      unmounted = true;
      stop?.();
    };
    // Started again only when whether it is due (or whose it is) changes. A language catalog
    // activated while it runs (the signed-in texts loading, an admin's overrides) gives a new `t`
    // and `i18n`: that must not end a tour under way without marking it done. Its texts are read
    // when it starts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [due, isAdmin]);

  return null;
}

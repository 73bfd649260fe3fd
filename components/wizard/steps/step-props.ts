import type { Draft } from '../use-draft';

export type StepProps = {
  draft: Draft;
  /** The step is done: go to the next one (or back to the review). */
  onDone: () => void;
  onBack?: () => void;
};

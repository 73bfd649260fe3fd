import { ErrorNotice } from '@/components/errors/error-notice';

export default function WizardNotFound() {
  return <ErrorNotice kind="invalidParam" />;
}

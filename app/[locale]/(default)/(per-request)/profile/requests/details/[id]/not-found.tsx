import { ErrorNotice } from '@/components/errors/error-notice';

export default function RequestNotFound() {
  return <ErrorNotice kind="invalidParam" />;
}

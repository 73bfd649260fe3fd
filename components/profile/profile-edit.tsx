import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export function ProfileEdit() {
  // One column that may be narrower than its fields' natural width: a text input is wider than a phone.
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <ProfileForm />
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <PasswordForm />
      </div>
      <div className="rounded-xl border border-red-200 bg-white p-6">
        <DeleteAccount />
      </div>
    </div>
  );
}

import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export function ProfileEdit() {
  return (
    <div className="grid gap-6">
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

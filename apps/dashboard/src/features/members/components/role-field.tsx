import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { roleDescription, roleLabel } from '@/lib/roles';
import type { TenantMemberRole } from '@/types/api';

/** A role picker with the chosen role's meaning underneath. */
export function RoleField({
  value,
  onChange,
  roles,
  error,
}: {
  value: TenantMemberRole;
  onChange: (role: TenantMemberRole) => void;
  roles: readonly TenantMemberRole[];
  error?: string | undefined;
}) {
  return (
    <Field label="Role" error={error} hint={roleDescription(value)}>
      <NativeSelect
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value as TenantMemberRole)}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

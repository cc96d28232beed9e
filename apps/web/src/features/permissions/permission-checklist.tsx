import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PermissionItem } from '@taskhive/contract';

/** Permissions grouped by module and category, each a checkbox. */
export function PermissionChecklist({
  permissions,
  checked,
  disabled,
  onToggle,
}: {
  permissions: PermissionItem[];
  checked: ReadonlySet<string>;
  disabled?: boolean;
  onToggle: (p: PermissionItem, granted: boolean) => void;
}) {
  const groups = new Map<string, PermissionItem[]>();
  for (const p of permissions) {
    const key = `${p.moduleName} · ${p.category}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  return (
    <Stack spacing={1.5}>
      {[...groups.entries()].map(([group, items]) => (
        <section key={group} aria-label={group}>
          <Typography variant="subtitle2">{group}</Typography>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
            {items.map((p) => (
              <FormControlLabel
                key={p.permissionId}
                label={p.name}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.has(p.permissionId)}
                    disabled={disabled}
                    onChange={(e) => onToggle(p, e.target.checked)}
                  />
                }
              />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { groupPermissionsByModule, permissionLabel } from '@taskhive/contract';

/** A permission's name in words, with its key below in small type (for those who administer them). */
export function PermissionText({ name, showKey = true }: { name: string; showKey?: boolean }) {
  const label = permissionLabel(name);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', py: 0.25 }}>
      <span>{label}</span>
      {/* A name outside the catalogue is its own label: not said twice. */}
      {showKey && label !== name && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
          {name}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Permissions grouped by the module that carries them, each a checkbox named in words (its key
 * below). `items` are anything with a permission name; `idOf` says what `checked` holds.
 */
export function PermissionChecklist<T>({
  items,
  nameOf,
  idOf,
  checked,
  disabled,
  isDisabled,
  showKeys = true,
  onToggle,
}: {
  items: readonly T[];
  nameOf: (item: T) => string;
  idOf: (item: T) => string;
  checked: ReadonlySet<string>;
  disabled?: boolean;
  /** One item locked (e.g. a permission the editor does not hold). */
  isDisabled?: (item: T) => boolean;
  showKeys?: boolean;
  onToggle: (item: T, granted: boolean) => void;
}) {
  return (
    <Stack spacing={1.5}>
      {groupPermissionsByModule(items, nameOf).map((group) => (
        <section key={group.moduleName} aria-label={group.moduleName}>
          <Typography variant="subtitle2">{group.moduleName}</Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 2,
            }}
          >
            {group.items.map((item) => (
              <FormControlLabel
                key={idOf(item)}
                sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { pt: 0.5 } }}
                label={<PermissionText name={nameOf(item)} showKey={showKeys} />}
                control={
                  <Checkbox
                    size="small"
                    checked={checked.has(idOf(item))}
                    disabled={disabled || (isDisabled?.(item) ?? false)}
                    onChange={(e) => onToggle(item, e.target.checked)}
                    slotProps={{ input: { 'aria-label': permissionLabel(nameOf(item)) } }}
                  />
                }
              />
            ))}
          </Box>
        </section>
      ))}
    </Stack>
  );
}

import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { appearanceActions } from '../../app/slices/appearance-slice';
import { FONT_OPTIONS } from '../../app/theme/fonts';
import { MainCard } from '../../components/main-card';
import { useAppDispatch, useAppSelector } from '../../hooks/store';

/** Font family, border radius and light/dark mode, kept in this browser. */
export function AppearanceCard() {
  const dispatch = useAppDispatch();
  const { fontFamily, borderRadius, mode } = useAppSelector((s) => s.appearance);
  return (
    <MainCard title="Appearance" subheader="Saved in this browser">
      <Stack spacing={3}>
        <FormControl>
          <FormLabel id="mode-label" sx={{ mb: 1 }}>
            Mode
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            value={mode}
            aria-labelledby="mode-label"
            onChange={(_e, v: 'light' | 'dark' | null) => v && dispatch(appearanceActions.modeChanged(v))}
            size="small"
          >
            <ToggleButton value="light" aria-label="Light mode" sx={{ px: 2, gap: 1 }}>
              <LightModeOutlined fontSize="small" /> Light
            </ToggleButton>
            <ToggleButton value="dark" aria-label="Dark mode" sx={{ px: 2, gap: 1 }}>
              <DarkModeOutlined fontSize="small" /> Dark
            </ToggleButton>
          </ToggleButtonGroup>
        </FormControl>
        <TextField
          select
          label="Font family"
          value={fontFamily}
          onChange={(e) => dispatch(appearanceActions.fontFamilyChanged(e.target.value))}
        >
          {FONT_OPTIONS.map((f) => (
            <MenuItem key={f.value} value={f.value} sx={{ fontFamily: f.stack }}>
              {f.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControl>
          <FormLabel id="radius-label">Border radius: {borderRadius}px</FormLabel>
          <Slider
            aria-labelledby="radius-label"
            value={borderRadius}
            min={0}
            max={24}
            step={1}
            marks={[
              { value: 0, label: '0' },
              { value: 8, label: '8' },
              { value: 24, label: '24' },
            ]}
            valueLabelDisplay="auto"
            onChange={(_e, v) =>
              dispatch(appearanceActions.borderRadiusChanged(Array.isArray(v) ? (v[0] ?? 8) : v))
            }
          />
        </FormControl>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => dispatch(appearanceActions.appearanceReset())}>Restore defaults</Button>
        </Stack>
      </Stack>
    </MainCard>
  );
}

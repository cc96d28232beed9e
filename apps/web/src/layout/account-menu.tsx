import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AVATAR_SIZE_MENU } from '@taskhive/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { baseApi } from '../api/base-api';
import { useLazyGetEmployeeQuery } from '../api/users-api';
import { authActions } from '../app/slices/auth-slice';
import { UserAvatar } from '../components/user-avatar';
import { useLogoutMutation } from '../features/auth/auth-api';
import { useAppDispatch } from '../hooks/store';
import { useSession } from '../hooks/use-session';

/**
 * The account menu: avatar, name and a subtitle (System Admin with a shield for the Super
 * Admin; else the department, or System User); Account Settings and Logout. Opening it fetches
 * the signed-in user's profile; a failure is only logged.
 */
export function AccountMenu({ profileUrl }: { profileUrl: string }) {
  const { user, superAdmin } = useSession();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [fetchProfile, { data: profile }] = useLazyGetEmployeeQuery();
  const [logout] = useLogoutMutation();

  if (!user) return null;
  const firstName = profile?.firstName ?? user.firstName;
  const lastName = profile?.lastName ?? user.lastName;
  const photoUrl = user.profilePhotoUrl ?? profile?.profilePhotoUrl;
  const department = profile?.departmentName ?? user.departmentName;

  const open = (el: HTMLElement) => {
    setAnchor(el);
    fetchProfile(user.userId, true)
      .unwrap()
      .catch((error: unknown) => console.error('Could not load the profile of the signed-in user', error));
  };

  const signOut = async () => {
    setAnchor(null);
    dispatch(authActions.logoutStarted());
    try {
      await logout().unwrap();
    } catch (error) {
      console.error('Logout call failed; the session is cleared anyway', error);
    }
    dispatch(authActions.sessionCleared());
    dispatch(baseApi.util.resetApiState());
    await navigate('/', { replace: true });
  };

  return (
    <>
      <ButtonBase
        aria-label="Open account menu"
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => open(e.currentTarget)}
        sx={{ borderRadius: '50%' }}
      >
        <UserAvatar firstName={firstName} lastName={lastName} photoUrl={photoUrl} size={40} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 260 } } }}
      >
        <Stack direction="row" spacing={1.5} sx={{ px: 2, py: 1.5, alignItems: 'center' }}>
          <UserAvatar firstName={firstName} lastName={lastName} photoUrl={photoUrl} size={AVATAR_SIZE_MENU} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
              {firstName} {lastName}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
              {superAdmin && <ShieldOutlined fontSize="inherit" color="primary" aria-hidden />}
              <Typography variant="body2" noWrap>
                {superAdmin ? 'System Admin' : department || 'System User'}
              </Typography>
            </Stack>
          </Box>
        </Stack>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(profileUrl);
          }}
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          Account Settings
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}

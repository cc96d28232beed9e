import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  MESSAGES,
  PROFILE_MESSAGES,
  type SessionUser,
} from '@taskhive/contract';
import { useEffect, useState, type ChangeEvent } from 'react';
import { errorMessage, errorStatus } from '../../api/errors';
import { photoUrlOf, useRemoveUserPhotoMutation, useUploadUserPhotoMutation } from '../../api/users-api';
import { authActions } from '../../app/slices/auth-slice';
import { MainCard } from '../../components/main-card';
import { UserAvatar } from '../../components/user-avatar';
import { useAppDispatch } from '../../hooks/store';
import { useToast } from '../../hooks/use-toast';

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** Pick, preview and upload a profile photo (png, jpeg or webp up to 5 MB). */
export function ProfilePhotoCard({ user, subtitle }: { user: SessionUser; subtitle: string }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [upload, { isLoading }] = useUploadUserPhotoMutation();
  const [removePhoto, removing] = useRemoveUserPhotoMutation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(picked.type)) {
      setProblem('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (picked.size > IMAGE_MAX_BYTES) {
      setProblem(`The image must be ${MAX_MB} MB or smaller.`);
      return;
    }
    setProblem(null);
    setFile(picked);
  };

  const save = async () => {
    if (!file) return;
    try {
      const url = photoUrlOf(await upload({ userId: user.userId, file }).unwrap());
      if (url) dispatch(authActions.sessionUserPatched({ profilePhotoUrl: url }));
      toast.success(MESSAGES.users.photoUploaded);
      setFile(null);
      setPreview(null);
    } catch (err) {
      const status = errorStatus(err);
      const explained = status === 400 || status === 413 || status === 415;
      toast.error(
        explained ? errorMessage(err, MESSAGES.users.imageUploadFailed) : MESSAGES.users.imageUploadFailed,
      );
    }
  };

  const remove = async () => {
    try {
      await removePhoto(user.userId).unwrap();
      dispatch(authActions.sessionUserPatched({ profilePhotoUrl: null }));
      toast.success(PROFILE_MESSAGES.photoRemoved);
    } catch (err) {
      toast.error(errorMessage(err, MESSAGES.users.imageUploadFailed));
    }
  };

  return (
    <MainCard>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 1 }}>
        <UserAvatar
          firstName={user.firstName}
          lastName={user.lastName}
          photoUrl={preview ?? user.profilePhotoUrl}
        />
        <div>
          <Typography variant="h5" component="p">
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraOutlined />}>
            Choose photo
            <input
              hidden
              type="file"
              accept={IMAGE_MIME_TYPES.join(',')}
              onChange={choose}
              aria-label="Profile photo file"
            />
          </Button>
          {file && (
            <Button variant="contained" onClick={save} disabled={isLoading}>
              {isLoading ? 'Uploading…' : 'Upload'}
            </Button>
          )}
          {!file && user.profilePhotoUrl && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => void remove()}
              disabled={removing.isLoading}
            >
              {removing.isLoading ? 'Removing…' : 'Remove photo'}
            </Button>
          )}
        </Stack>
        <Typography
          variant="caption"
          color={problem ? 'error' : 'text.secondary'}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? `PNG, JPEG or WebP, up to ${MAX_MB} MB.`}
        </Typography>
      </Stack>
    </MainCard>
  );
}

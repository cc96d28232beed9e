import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import PeopleOutlineRounded from '@mui/icons-material/PeopleOutlineRounded';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SAVED_VIEW_MESSAGES, SAVED_VIEW_PAGES, type SavedView } from '@taskhive/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { useToast } from '../../hooks/use-toast';
import {
  useCreateSavedViewMutation,
  useDeleteSavedViewMutation,
  useSavedViewsQuery,
  useUpdateSavedViewMutation,
} from './saved-views-api';
import { ACTIVE_VIEW_PARAM, layoutOf, viewQueryOf, viewSearch } from './view-query';

const M = SAVED_VIEW_MESSAGES;

export interface SavedViewsControlProps {
  /** A project's id, or `my-tasks`, `all-tasks`, `calendar`. */
  place: string;
}

type Editing = { kind: 'save' } | { kind: 'rename'; view: SavedView };

/** Name (and, for a project's view, sharing) of a new view or of one being renamed. */
function ViewDialog({
  editing,
  canShare,
  busy,
  onSubmit,
  onClose,
  errors,
}: {
  editing: Editing;
  canShare: boolean;
  busy: boolean;
  onSubmit: (name: string, shared: boolean) => void;
  onClose: () => void;
  errors: Record<string, string>;
}) {
  const initial = editing.kind === 'rename' ? editing.view : null;
  const [name, setName] = useState(initial?.name ?? '');
  const [shared, setShared] = useState(initial?.shared ?? false);
  const [missing, setMissing] = useState(false);
  const nameError = missing ? 'Name the view' : errors.name;
  return (
    <FormDialog
      open
      title={initial ? M.rename : M.save}
      submitLabel={initial ? 'Save' : M.save}
      busy={busy}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={() => {
        if (!name.trim()) {
          setMissing(true);
          return;
        }
        onSubmit(name.trim(), shared);
      }}
    >
      <TextField
        label="View name"
        required
        autoFocus
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setMissing(false);
        }}
        error={Boolean(nameError)}
        helperText={nameError}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      {canShare && (!initial || initial.mine) && (
        <div>
          <FormControlLabel
            control={<Switch checked={shared} onChange={(e) => setShared(e.target.checked)} />}
            label={M.shareLabel}
          />
          <Typography variant="body2" color="text.secondary">
            {errors.shared ?? M.shareHint}
          </Typography>
        </div>
      )}
    </FormDialog>
  );
}

/**
 * The "Views" control of a screen whose state lives in its address (issue 26): the reader's saved
 * views of the place and those shared with the project; opening one navigates to its address (so
 * Back returns and the link reproduces it); the open view is named on the button, "modified" when
 * the address no longer matches it; save, update with the current filters, rename, delete.
 */
export function SavedViewsControl({ place }: SavedViewsControlProps) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { data, error, isLoading } = useSavedViewsQuery(place);
  const [create, creating] = useCreateSavedViewMutation();
  const [update, updating] = useUpdateSavedViewMutation();
  const [remove, removing] = useDeleteSavedViewMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  const views = useMemo(() => data?.items ?? [], [data]);
  const current = viewQueryOf(place, params);
  const activeId = params.get(ACTIVE_VIEW_PARAM);
  // The view the address names, else one whose state it shows exactly.
  const active =
    views.find((v) => v.viewId === activeId) ?? views.find((v) => viewQueryOf(place, v.query) === current);
  const modified = Boolean(active && viewQueryOf(place, active.query) !== current);
  const isProject = !(SAVED_VIEW_PAGES as readonly string[]).includes(place);
  const mine = views.filter((v) => v.mine);
  const shared = views.filter((v) => !v.mine);

  const close = () => setAnchor(null);
  const open = (view: SavedView) => {
    close();
    void navigate({ pathname, search: viewSearch(view) });
  };

  const submit = async (name: string, share: boolean) => {
    if (!editing) return;
    try {
      if (editing.kind === 'save') {
        const view = await create({
          place,
          name,
          layout: layoutOf(place, params),
          query: current,
          ...(isProject ? { shared: share } : {}),
        }).unwrap();
        toast.success(M.created);
        void navigate({ pathname, search: viewSearch(view) }, { replace: true });
      } else {
        const { view } = editing;
        const body = isProject && view.mine && share !== view.shared ? { name, shared: share } : { name };
        await update({ viewId: view.viewId, body }).unwrap();
        toast.success(M.renamed);
      }
      setEditing(null);
      setServerErrors({});
    } catch (err) {
      setServerErrors(fieldErrors(err));
      toast.error(errorMessage(err, M.saveFailed));
    }
  };

  const takeCurrent = async (view: SavedView) => {
    close();
    try {
      await update({
        viewId: view.viewId,
        body: { query: current, layout: layoutOf(place, params) },
      }).unwrap();
      toast.success(M.updated);
    } catch (err) {
      toast.error(errorMessage(err, M.saveFailed));
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ viewId: deleting.viewId, place }).unwrap();
      toast.success(M.deleted);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err, M.deleteFailed));
    }
  };

  const item = (v: SavedView): ReactNode => (
    <MenuItem key={v.viewId} selected={v.viewId === active?.viewId} onClick={() => open(v)}>
      <ListItemIcon>{v.viewId === active?.viewId && <CheckRounded fontSize="small" />}</ListItemIcon>
      <ListItemText
        primary={v.name}
        secondary={v.mine ? (v.shared ? 'Shared' : undefined) : `by ${v.ownerName}`}
        slotProps={{ primary: { noWrap: true } }}
      />
    </MenuItem>
  );

  const title = active ? `${M.views}: ${active.name}` : M.views;

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkBorderRounded />}
        endIcon={<ExpandMoreRounded />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={modified ? `${title} (${M.modified})` : title}
        sx={{ maxWidth: { xs: '100%', sm: 400 }, minWidth: 0 }}
      >
        {/* A long name is cut, "(modified)" never is. */}
        <Typography component="span" noWrap sx={{ font: 'inherit' }}>
          {title}
        </Typography>
        {modified && (
          <Typography component="span" sx={{ font: 'inherit', flexShrink: 0, ml: 0.5, fontStyle: 'italic' }}>
            ({M.modified})
          </Typography>
        )}
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ paper: { sx: { width: 300, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {isLoading && <MenuItem disabled>Loading…</MenuItem>}
        {error && <MenuItem disabled>{M.fetchFailed}</MenuItem>}
        {data && views.length === 0 && <MenuItem disabled>{M.none}</MenuItem>}
        {mine.length > 0 && <ListSubheader role="presentation">{M.myViews}</ListSubheader>}
        {mine.map(item)}
        {shared.length > 0 && (
          <ListSubheader role="presentation">
            <PeopleOutlineRounded fontSize="inherit" sx={{ mr: 0.5, verticalAlign: 'middle' }} />
            {M.sharedViews}
          </ListSubheader>
        )}
        {shared.map(item)}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setServerErrors({});
            setEditing({ kind: 'save' });
          }}
        >
          <ListItemIcon>
            <AddRounded fontSize="small" />
          </ListItemIcon>
          {active ? M.saveAs : M.save}
        </MenuItem>
        {active?.canEdit && modified && (
          <MenuItem onClick={() => void takeCurrent(active)}>
            <ListItemIcon>
              <SaveOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={M.update} secondary={active.name} />
          </MenuItem>
        )}
        {active?.canEdit && (
          <MenuItem
            onClick={() => {
              close();
              setServerErrors({});
              setEditing({ kind: 'rename', view: active });
            }}
          >
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            {M.rename}
          </MenuItem>
        )}
        {active?.canEdit && (
          <MenuItem
            onClick={() => {
              close();
              setDeleting(active);
            }}
          >
            <ListItemIcon>
              <DeleteOutlineRounded fontSize="small" />
            </ListItemIcon>
            {M.delete}
          </MenuItem>
        )}
      </Menu>
      {editing && (
        <ViewDialog
          editing={editing}
          canShare={isProject}
          busy={creating.isLoading || updating.isLoading}
          errors={serverErrors}
          onSubmit={(name, share) => void submit(name, share)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={`${M.delete}?`}
        confirmLabel="Delete"
        busy={removing.isLoading}
        onConfirm={() => void onDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting?.shared
          ? `“${deleting.name}” will be gone for everyone on the project.`
          : `“${deleting?.name ?? ''}” will be gone.`}
      </ConfirmDialog>
    </>
  );
}

import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import ChatBubbleOutlineOutlined from '@mui/icons-material/ChatBubbleOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationKind,
  PAGE_SIZE,
} from '@taskhive/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { useToast } from '../../hooks/use-toast';
import { formatTimeAgo } from '../../lib/format';
import {
  useListNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useUnreadNotificationCountQuery,
} from './notifications-api';
import { notificationDetail, notificationPath, notificationText } from './notification-text';

const ICONS: Record<NotificationKind, ReactNode> = {
  assigned: <AssignmentIndOutlined fontSize="small" />,
  mentioned: <AlternateEmailOutlined fontSize="small" />,
  commented: <ChatBubbleOutlineOutlined fontSize="small" />,
  status_changed: <SwapHorizOutlined fontSize="small" />,
  timelog_changed: <ScheduleOutlined fontSize="small" />,
  due_soon: <EventOutlined fontSize="small" />,
  task_edited: <EditOutlined fontSize="small" />,
  due_date_changed: <EventRepeatOutlined fontSize="small" />,
  timesheet_submitted: <FactCheckOutlined fontSize="small" />,
  timesheet_decided: <FactCheckOutlined fontSize="small" />,
  timesheet_reminder: <PendingActionsOutlined fontSize="small" />,
  task_unblocked: <LockOpenOutlined fontSize="small" />,
};

/** The previews' Markdown renderer (the comments' one), loaded when the list is first opened. */
const loadMarkdown = () => import('../../components/markdown-text');
const MarkdownText = lazy(() => loadMarkdown().then((m) => ({ default: m.MarkdownText })));

/** Widest the list gets, in px. */
const LIST_WIDTH = 380;

/**
 * The bell in the header: the unread count as a badge (read again when the window regains focus,
 * and whenever the `Notification` tag is invalidated, e.g. by a live update), and on click the
 * newest notifications: unread in bold, "Mark all read", and a click marks one read and opens its
 * task. The list is loaded only while open.
 */
export default function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const navigate = useNavigate();
  const toast = useToast();
  const { data: count } = useUnreadNotificationCountQuery(undefined, { refetchOnFocus: true });
  const list = useListNotificationsQuery(open ? { pageSize: PAGE_SIZE.notifications } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, markingAll] = useMarkAllNotificationsReadMutation();
  const unread = count?.unreadCount ?? 0;
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications';

  const onOpen = (n: Notification) => {
    if (!n.readAt)
      markRead(n.notificationId)
        .unwrap()
        .catch((err: unknown) => toast.error(errorMessage(err, NOTIFICATION_MESSAGES.markReadFailed)));
    setAnchor(null);
    const path = notificationPath(n);
    if (path) void navigate(path);
  };

  const onMarkAll = async () => {
    try {
      await markAllRead().unwrap();
    } catch (err) {
      toast.error(errorMessage(err, NOTIFICATION_MESSAGES.markReadFailed));
    }
  };

  const items = list.data?.items ?? [];
  return (
    <>
      <Tooltip title="Notifications">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={(e) => {
            void loadMarkdown();
            setAnchor(e.currentTarget);
          }}
        >
          <Badge badgeContent={unread} color="error" max={99}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': NOTIFICATION_MESSAGES.title,
            sx: { width: LIST_WIDTH, maxWidth: '100vw' },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {NOTIFICATION_MESSAGES.title}
          </Typography>
          <Button size="small" onClick={onMarkAll} disabled={unread === 0 || markingAll.isLoading}>
            {NOTIFICATION_MESSAGES.markAllRead}
          </Button>
        </Stack>
        <Divider />
        {list.isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label="Loading notifications" />
          </Box>
        ) : list.isError ? (
          <Typography role="alert" color="error" sx={{ p: 2 }}>
            {NOTIFICATION_MESSAGES.fetchFailed}
          </Typography>
        ) : items.length === 0 ? (
          <EmptyState title={NOTIFICATION_MESSAGES.empty} />
        ) : (
          <List dense disablePadding sx={{ maxHeight: 420, overflowY: 'auto' }}>
            {items.map((n) => {
              const detail = notificationDetail(n);
              return (
                <ListItemButton
                  key={n.notificationId}
                  onClick={() => onOpen(n)}
                  selected={!n.readAt}
                  aria-label={`${n.readAt ? '' : 'Unread: '}${notificationText(n)}`}
                  sx={{ alignItems: 'flex-start' }}
                >
                  <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>{ICONS[n.kind]}</ListItemIcon>
                  <ListItemText
                    primary={notificationText(n)}
                    secondary={
                      <>
                        {detail && (
                          <Typography component="span" variant="body2" sx={{ display: 'block' }} noWrap>
                            <Suspense fallback={detail}>
                              <MarkdownText text={detail} inline />
                            </Suspense>
                          </Typography>
                        )}
                        <Typography component="span" variant="caption">
                          {formatTimeAgo(n.createdAt)}
                        </Typography>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 700 } } }}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}

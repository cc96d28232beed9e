import type {
  NotificationPage,
  NotificationSettings,
  ReadAllResult,
  UnreadCount,
  UpdateNotificationSettingsBody,
} from '@taskhive/contract';
import { baseApi } from '../../api/base-api';

export type NotificationListArgs = { pageSize: number; unread?: boolean };

/**
 * The signed-in user's inbox. Every read carries the `Notification` tag, so whatever invalidates
 * it (a live update, marking read) refreshes the badge and the list. Marking read is optimistic:
 * the loaded lists and the count change at once and are undone if the server refuses.
 */
export const notificationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationPage, NotificationListArgs>({
      query: ({ pageSize, unread }) => ({
        url: 'Notifications',
        params: { pageSize, ...(unread ? { unread: 'true' } : {}) },
      }),
      providesTags: ['Notification'],
    }),
    unreadNotificationCount: build.query<UnreadCount, void>({
      query: () => 'Notifications/unread-count',
      providesTags: ['Notification'],
    }),
    /** Optimistic: read at once in every loaded list and the badge; the server's count follows. */
    markNotificationRead: build.mutation<UnreadCount, string>({
      query: (id) => ({ url: `Notifications/${encodeURIComponent(id)}/read`, method: 'PUT' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const readAt = new Date().toISOString();
        let wasUnread = false;
        const patches = inboxPatches(getState(), (draft) => {
          const item = draft.items.find((n) => n.notificationId === id);
          if (!item || item.readAt) return;
          item.readAt = readAt;
          draft.unreadCount = Math.max(0, draft.unreadCount - 1);
          wasUnread = true;
        }).map((thunk) => dispatch(thunk));
        if (wasUnread)
          patches.push(
            dispatch(
              notificationsApi.util.updateQueryData('unreadNotificationCount', undefined, (draft) => {
                draft.unreadCount = Math.max(0, draft.unreadCount - 1);
              }),
            ),
          );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('unreadNotificationCount', undefined, data));
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
    /** Optimistic: every loaded notification read and the badge at zero; undone on refusal. */
    markAllNotificationsRead: build.mutation<ReadAllResult, void>({
      query: () => ({ url: 'Notifications/read-all', method: 'PUT' }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const readAt = new Date().toISOString();
        const patches = inboxPatches(getState(), (draft) => {
          for (const n of draft.items) n.readAt ??= readAt;
          draft.unreadCount = 0;
        }).map((thunk) => dispatch(thunk));
        patches.push(
          dispatch(
            notificationsApi.util.updateQueryData('unreadNotificationCount', undefined, (draft) => {
              draft.unreadCount = 0;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((p) => p.undo());
        }
      },
    }),
    notificationSettings: build.query<NotificationSettings, void>({
      query: () => 'Notifications/settings',
      providesTags: ['NotificationSettings'],
    }),
    updateNotificationSettings: build.mutation<NotificationSettings, UpdateNotificationSettingsBody>({
      query: (body) => ({ url: 'Notifications/settings', method: 'PUT', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notificationSettings', undefined, (draft) => {
            for (const k of body.kinds ?? []) {
              const row = draft.kinds.find((d) => d.kind === k.kind);
              if (row) Object.assign(row, k);
            }
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(notificationsApi.util.upsertQueryData('notificationSettings', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

/** A patch of every loaded page of the inbox. */
function inboxPatches(
  state: Parameters<typeof notificationsApi.util.selectCachedArgsForQuery>[0],
  recipe: (draft: NotificationPage) => void,
) {
  return notificationsApi.util
    .selectCachedArgsForQuery(state, 'listNotifications')
    .map((args) => notificationsApi.util.updateQueryData('listNotifications', args, recipe));
}

export const {
  useListNotificationsQuery,
  useUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} = notificationsApi;

/** Business constants of spec section 9, shared by API and web. */
export const DEFAULT_PAGE = 1;

export const PAGE_SIZE = {
  projects: 5,
  tasks: 5,
  companies: 5,
  users: 50,
  timesheets: 10,
  roles: 10,
  modules: 10,
  packages: 10,
  permissions: 200,
  userPermissions: 200,
  companyRolesFetch: 25,
  departmentsFetch: 25,
  comments: 20,
  timeline: 20,
  audit: 25,
  notifications: 10,
} as const;

/**
 * How many members each project of the project list (GET /Project) carries in `projectMembers`:
 * the first to join, enough for the row's avatars; `memberCount` is the whole number and one
 * project (GET /Project/{id}) carries every member. A project of 300 people no longer makes a page
 * of 10 carry 3,000 member objects.
 */
export const PROJECT_MEMBER_PREVIEW = 5;

/** Largest page a client may ask for on any list. */
export const MAX_PAGE_SIZE = 200;

export const TOAST_DURATION_MS = 3000;
/** A toast with a button (Undo) stays longer: time to read it and reach the button. */
export const TOAST_ACTION_DURATION_MS = 8000;
export const PROJECT_DOCUMENT_UPLOAD_TIMEOUT_MS = 5000;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const MAX_RETRIES_AFTER_401 = 1;
export const BREADCRUMB_MAX_ITEMS = 8;
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_MINI_WIDTH = 72;
export const ACCOUNT_DRAWER_WIDTH = 228;
export const MAIN_CONTENT_TOP_MARGIN = 88;
export const MAIN_PADDING = 20;
export const MENU_ITEM_TITLE_MAX_WIDTH = 102;
export const MENU_GROUP_TITLE_MAX_WIDTH = 120;
export const AVATAR_SIZE_MENU = 48;
export const AVATAR_SIZE_DEFAULT = 140;
export const INITIALS_PALETTE_SIZE = 19;
export const DEFAULT_FONT_FAMILY = 'Roboto';
export const DEFAULT_BORDER_RADIUS = 8;
export const APP_VERSION = '1.0.0';
export const PAGE_LOADING_BAR_Z_INDEX = 1301;
export const Z_INDEX = { appBar: 1100, drawer: 1200, modal: 1300, snackbar: 1400, tooltip: 1500 } as const;
export const TRANSITION_DURATIONS_MS = {
  shortest: 150,
  shorter: 200,
  short: 250,
  standard: 300,
  complex: 375,
  enteringScreen: 225,
  leavingScreen: 195,
} as const;
export const TOOLTIP_OPEN_DELAY_MS = 100;
export const DATA_CACHE = {
  retryIntervalMs: 5000,
  retryIntervalSlowMs: 10000,
  focusThrottleMs: 5000,
  dedupeMs: 2000,
  loadingTimeoutMs: 3000,
  loadingTimeoutSlowMs: 5000,
} as const;
export const PERSIST = { key: 'root', keyPrefix: 'persist:' } as const;
export const ANIMATION_DEFAULT_DURATION_S = 0.45;

/** Sign-in and session lifetimes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A session ends this long after sign-in whatever the refreshes (absolute expiry). */
export const SESSION_ABSOLUTE_TTL_SECONDS = 30 * 24 * 60 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 30 * 60;
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Upload limits. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** The placeholder name that marks a profile photo URL as "no photo". */
export const DEFAULT_PHOTO_PLACEHOLDER = 'default-avatar';

/**
 * Master list of task statuses copied to every new company, in the order work goes through them
 * (the board's columns, the filters and the charts all follow it; the first is where new tasks and
 * projects start). Migration 0024 moved Not Started first for companies still on the old order.
 */
export const DEFAULT_TASK_STATUSES = [
  { name: 'Not Started', color: '#9e9e9e', sortOrder: 1 },
  { name: 'Open', color: '#2196f3', sortOrder: 2 },
  { name: 'In Progress', color: '#ff9800', sortOrder: 3 },
  { name: 'In Review', color: '#9c27b0', sortOrder: 4 },
  { name: 'Delayed', color: '#f44336', sortOrder: 5 },
  { name: 'Completed', color: '#4caf50', sortOrder: 6 },
  { name: 'Cancelled', color: '#607d8b', sortOrder: 7 },
] as const;

export const PRIORITIES = [
  { name: 'Low', sortOrder: 1 },
  { name: 'Medium', sortOrder: 2 },
  { name: 'High', sortOrder: 3 },
  { name: 'Urgent', sortOrder: 4 },
] as const;

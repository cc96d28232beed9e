import FolderOutlined from '@mui/icons-material/FolderOutlined';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterMenu, type MenuItem } from '../../lib/menu';
import { render, signedIn } from '../../test/render';
import { companyMenu } from '../menu-items';
import { MenuList } from './menu-list';
import { SidebarContext } from './sidebar-context';

const names = (items: MenuItem[]): string[] => items.flatMap((i) => [i.id, ...names(i.children ?? [])]);

const EMPLOYEE = [
  'project:read',
  'task:read',
  'tasklist:read',
  'timelog:read',
  'report:read',
  'employee:read',
  'department:read',
  'companyrole:read',
];

describe('filterMenu', () => {
  it('shows an entry with no permission or a passing check, and hides the rest', () => {
    expect(names(filterMenu(companyMenu, EMPLOYEE))).toEqual([
      'my-workspace',
      'dashboard',
      'projects',
      'tasks',
      'calendar',
      'reports',
      'time',
      'timesheet-week',
    ]);
  });

  it('hides a group whose children are all hidden', () => {
    const menu: MenuItem[] = [
      {
        id: 'admin',
        title: 'Admin',
        type: 'group',
        children: [
          { id: 'roles', title: 'Roles', type: 'item', url: '/r', permission: { anyOf: ['role:read'] } },
        ],
      },
      {
        id: 'work',
        title: 'Work',
        type: 'group',
        children: [{ id: 'home', title: 'Home', type: 'item', url: '/h' }],
      },
    ];
    expect(names(filterMenu(menu, []))).toEqual(['work', 'home']);
  });

  it('hides a collapse whose children are all hidden, and keeps it when one child shows', () => {
    const collapse: MenuItem = {
      id: 'people',
      title: 'People',
      type: 'collapse',
      children: [
        {
          id: 'emp',
          title: 'Employees',
          type: 'item',
          url: '/e',
          permission: { anyOf: ['employee:read:all'] },
        },
        {
          id: 'dep',
          title: 'Departments',
          type: 'item',
          url: '/d',
          permission: { anyOf: ['department:read:all'] },
        },
      ],
    };
    const menu: MenuItem[] = [{ id: 'g', title: 'G', type: 'group', children: [collapse] }];
    expect(filterMenu(menu, [])).toEqual([]);
    expect(names(filterMenu(menu, ['department:read:all']))).toEqual(['g', 'people', 'dep']);
  });
});

describe('MenuList', () => {
  it('renders the nine My Workspace items for a Company Admin and highlights the current one', async () => {
    const all = [
      'project:read',
      'task:read',
      'report:read',
      'employee:read:all',
      'company:read',
      'companyrole:read:all',
      'department:read:all',
    ] as const;
    render(<MenuList items={companyMenu} />, {
      route: '/app/project',
      preloadedState: signedIn({ permissions: [...all] }),
    });
    const group = await screen.findByRole('list', { name: 'My Workspace' });
    const links = within(group).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Projects',
      'Tasks',
      'Calendar',
      'Reports',
      'Employees',
      'Company',
      'Roles',
      'Departments',
    ]);
    expect(within(group).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
    expect(within(group).getByRole('link', { name: 'Projects' })).toHaveClass('Mui-selected');
    expect(within(group).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    // A list holds list items only (Lighthouse's "list" check): each link sits in an <li>.
    expect(group.querySelectorAll(':scope > :not(li)')).toHaveLength(0);
    expect(within(group).getAllByRole('listitem').length).toBeGreaterThanOrEqual(links.length);
  });

  it('keeps the menu state’s openedItem on the entry of the current page', async () => {
    const { store } = render(<MenuList items={companyMenu} />, {
      route: '/app/tasks',
      preloadedState: signedIn({ permissions: ['task:read'] }),
    });
    await screen.findByRole('link', { name: 'Tasks' });
    expect(store.getState().menu.openedItem).toBe('tasks');
  });

  it('shows only permitted items to an employee', async () => {
    render(<MenuList items={companyMenu} />, {
      route: '/app/dashboard',
      preloadedState: signedIn({ permissions: EMPLOYEE }),
    });
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Projects',
      'Tasks',
      'Calendar',
      'Reports',
      'My week',
    ]);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a collapsible group when a child matches the path, and highlights that child', async () => {
    const menu: MenuItem[] = [
      {
        id: 'g',
        title: 'Work',
        type: 'group',
        children: [
          {
            id: 'c',
            title: 'Setup',
            type: 'collapse',
            children: [
              { id: 'a', title: 'Alpha', type: 'item', url: '/app/alpha' },
              { id: 'b', title: 'Beta', type: 'item', url: '/app/beta' },
            ],
          },
          {
            id: 'other',
            title: 'Other',
            type: 'collapse',
            children: [{ id: 'x', title: 'Gamma', type: 'item', url: '/app/x' }],
          },
        ],
      },
    ];
    render(<MenuList items={menu} />, { route: '/app/beta/42', preloadedState: signedIn() });
    expect(await screen.findByRole('button', { name: 'Setup' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Beta' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Other' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Gamma' })).not.toBeInTheDocument();
  });

  it('opens an item with a target in a new tab', async () => {
    const menu: MenuItem[] = [
      {
        id: 'g',
        title: 'G',
        type: 'group',
        children: [
          { id: 'doc', title: 'Docs', type: 'item', url: '/docs', target: true, icon: FolderOutlined },
        ],
      },
    ];
    render(<MenuList items={menu} />, { preloadedState: signedIn() });
    const link = await screen.findByRole('link', { name: 'Docs' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("renders 'Menu Items Error' for an unknown item type", async () => {
    const menu: MenuItem[] = [
      {
        id: 'g',
        title: 'G',
        type: 'group',
        children: [{ id: 'bad', title: 'Bad', type: 'widget', url: '/bad' }],
      },
      { id: 'top', title: 'Top', type: 'item', url: '/top' },
    ];
    render(<MenuList items={menu} />, { preloadedState: signedIn() });
    expect(await screen.findAllByText('Menu Items Error')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Bad' })).not.toBeInTheDocument();
  });

  it("renders the super-admin variant 'Super Admin Menu Items Error'", async () => {
    const menu: MenuItem[] = [
      { id: 'g', title: 'G', type: 'group', children: [{ id: 'bad', type: 'unknown' }] },
    ];
    render(
      <SidebarContext.Provider
        value={{
          mini: false,
          temporary: false,
          errorText: 'Super Admin Menu Items Error',
          onNavigate: () => undefined,
        }}
      >
        <MenuList items={menu} />
      </SidebarContext.Provider>,
      { preloadedState: signedIn() },
    );
    expect(await screen.findByText('Super Admin Menu Items Error')).toBeInTheDocument();
  });

  it('in mini mode shows a collapse’s children in a pop-over on hover', async () => {
    const menu: MenuItem[] = [
      {
        id: 'g',
        title: 'G',
        type: 'group',
        children: [
          {
            id: 'c',
            title: 'Setup',
            type: 'collapse',
            children: [{ id: 'a', title: 'Alpha', type: 'item', url: '/app/alpha' }],
          },
        ],
      },
    ];
    const { user } = render(
      <SidebarContext.Provider
        value={{ mini: true, temporary: false, errorText: 'Menu Items Error', onNavigate: () => undefined }}
      >
        <MenuList items={menu} />
      </SidebarContext.Provider>,
      { preloadedState: signedIn() },
    );
    expect(screen.queryByRole('link', { name: 'Alpha' })).not.toBeInTheDocument();
    await user.hover(await screen.findByRole('button', { expanded: false }));
    expect(await screen.findByRole('link', { name: 'Alpha' })).toBeInTheDocument();
  });
});

import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Chip from '@mui/material/Chip';
import TablePagination from '@mui/material/TablePagination';
import { DEFAULT_PAGE, MESSAGES } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { UserAvatar } from '../../components/user-avatar';
import { useListCompanyUsersQuery } from './companies-api';

const PAGE_SIZE = 10;

/** Super Admin: the people of a company, 10 to a page. */
export function CompanyUsersCard({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const { data, error, isLoading, refetch } = useListCompanyUsersQuery({
    companyId,
    page,
    pageSize: PAGE_SIZE,
  });
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading users" />;
  else if (error)
    body = (
      <ErrorPanel message={errorMessage(error, MESSAGES.users.fetchFailed)} onRetry={() => void refetch()} />
    );
  else if (!data || data.items.length === 0) body = <EmptyState title="No users yet" />;
  else
    body = (
      <>
        <List dense disablePadding aria-label="Company users">
          {data.items.map((u) => (
            <ListItem
              key={u.userId}
              disableGutters
              secondaryAction={<Chip size="small" label={u.roleName ?? 'No role'} variant="outlined" />}
              sx={{ pr: 16 }}
            >
              <ListItemAvatar>
                <UserAvatar
                  firstName={u.firstName}
                  lastName={u.lastName}
                  photoUrl={u.profilePhotoUrl}
                  size={36}
                />
              </ListItemAvatar>
              <ListItemText
                primary={`${u.firstName} ${u.lastName}`}
                secondary={`${u.email} · ${u.status}`}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
        {data.totalCount > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={data.totalCount}
            page={page - 1}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_e, p) => setPage(p + 1)}
          />
        )}
      </>
    );
  return (
    <MainCard title="Users" subheader={data ? `${data.totalCount} in total` : undefined}>
      {body}
    </MainCard>
  );
}

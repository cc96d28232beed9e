import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { MESSAGES, PAGE_SIZE, USER_SEARCH_DEBOUNCE_MS } from '@taskhive/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { MainCard } from '../../components/main-card';
import { PageHeader } from '../../components/page-header';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useListPermissionsQuery } from './permissions-api';

/** /super-admin/permissions: the permission catalogue, 200 to a page. */
export default function PermissionsPage() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), USER_SEARCH_DEBOUNCE_MS);
  const list = useListPermissionsQuery({
    page: 1,
    pageSize: PAGE_SIZE.permissions,
    ...(debounced ? { search: debounced } : {}),
  });
  return (
    <Stack spacing={2.5}>
      <PageHeader title="Permissions" subtitle="Every permission, the module that carries it and its type." />
      <MainCard>
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mb: 2 }}
        />
        {list.isFetching && <LinearProgress />}
        {list.isError && (
          <ErrorPanel
            message={errorMessage(list.error, MESSAGES.permissionsAdmin.fetchFailed)}
            onRetry={() => void list.refetch()}
          />
        )}
        {list.data && list.data.items.length === 0 && <EmptyState title="No permissions" />}
        {list.data && list.data.items.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Permission</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Category</TableCell>
                <TableCell>Module</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((p) => (
                <TableRow key={p.permissionId}>
                  <TableCell>{p.name}</TableCell>
                  <TableCell>
                    <Chip size="small" label={p.permissionType} />
                  </TableCell>
                  <TableCell>{p.category}</TableCell>
                  <TableCell>{p.moduleName}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </MainCard>
    </Stack>
  );
}

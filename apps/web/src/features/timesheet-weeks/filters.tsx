import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_PAGE_SIZE } from '@taskhive/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useListDepartmentsQuery } from '../../api/departments-api';
import { DEFAULT_PROJECT_QUERY, useListProjectsQuery } from '../../api/projects-api';

const EMPTY_SHOWN = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** A select of the company's departments ('' = all), for those who may list them. */
export function DepartmentSelect({
  value,
  onChange,
  enabled,
  label = 'Department',
  allLabel = 'All departments',
}: {
  value: string;
  onChange: (id: string) => void;
  enabled: boolean;
  label?: string;
  allLabel?: string;
}) {
  const { data } = useListDepartmentsQuery(enabled ? { page: 1, pageSize: MAX_PAGE_SIZE } : skipToken);
  if (!enabled) return null;
  const known = (data?.items ?? []).some((d) => d.deptId === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      // The empty choice is shown by its name ("All departments"), not as a bare label.
      slotProps={EMPTY_SHOWN}
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {(data?.items ?? []).map((d) => (
        <MenuItem key={d.deptId} value={d.deptId}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A select of the projects the reader sees ('' = none chosen). */
export function ProjectSelect({
  value,
  onChange,
  label = 'Project',
  allLabel = 'All projects',
}: {
  value: string;
  onChange: (id: string) => void;
  label?: string;
  allLabel?: string;
}) {
  const { data } = useListProjectsQuery({
    ...DEFAULT_PROJECT_QUERY,
    pageSize: MAX_PAGE_SIZE,
    sortBy: 'name',
    sortOrder: 'asc',
  });
  const known = (data?.items ?? []).some((p) => p.projectId === value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      // The empty choice is shown by its name ("All departments"), not as a bare label.
      slotProps={EMPTY_SHOWN}
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {(data?.items ?? []).map((p) => (
        <MenuItem key={p.projectId} value={p.projectId}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

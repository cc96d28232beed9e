import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReportPerson } from '@taskhive/contract';
import { useState } from 'react';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useReportPeopleQuery } from './reports-api';

const NONE: ReportPerson[] = [];

/**
 * Whose user report to show: a search over the people whose reports the caller may read
 * (GET /taskreports/people: everyone with report:read:all, else themself and the departments they
 * manage), a bounded page by name, so a company of thousands is reached by typing, not by loading
 * everyone. The caller is "(me)" and comes first before a search; the chosen person stays shown.
 */
export function ReportPersonPicker({
  me,
  value,
  onChange,
}: {
  me: ReportPerson;
  value: ReportPerson;
  onChange: (person: ReportPerson) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 250);
  // Asked once the list opens: the page shows the caller's report without it.
  const people = useReportPeopleQuery({ search: term }, { skip: !open });
  const found = people.data ?? NONE;
  const options = term ? found : [me, ...found.filter((p) => p.userId !== me.userId)];
  const label = (p: ReportPerson) => (p.userId === me.userId ? `${me.userName} (me)` : p.userName);
  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      disableClearable
      onChange={(_e, v) => {
        setSearch('');
        onChange(v);
      }}
      onInputChange={(_e, v, reason) => setSearch(reason === 'input' ? v : '')}
      // The server searches; the options are its answer.
      filterOptions={(x) => x}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.userId === b.userId}
      loading={people.isFetching}
      noOptionsText={people.isError ? 'Could not load people' : 'No one found'}
      renderInput={(params) => <TextField {...params} label="User" />}
      sx={{ minWidth: { md: 260 } }}
    />
  );
}

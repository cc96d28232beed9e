import ConstructionRounded from '@mui/icons-material/ConstructionRounded';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/empty-state';
import { MainCard } from '../../components/main-card';

/** A routed screen whose content arrives with a later issue. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <MainCard title={title}>
      <EmptyState
        icon={<ConstructionRounded sx={{ fontSize: 40, opacity: 0.6 }} />}
        title={`${title} is on its way`}
        description="This screen is part of an upcoming release of Taskhive."
      />
      <Typography variant="caption" color="text.secondary" component="p" align="center">
        The navigation, permissions and layout around it are already in place.
      </Typography>
    </MainCard>
  );
}

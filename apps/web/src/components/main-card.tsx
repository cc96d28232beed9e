import Card, { type CardProps } from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import type { ReactNode } from 'react';

export interface MainCardProps extends Omit<CardProps, 'title'> {
  title?: ReactNode;
  subheader?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}

/** The card every page section sits in. */
export function MainCard({ title, subheader, action, children, sx, ...rest }: MainCardProps) {
  return (
    <Card variant="outlined" sx={[{ height: '100%' }, ...(Array.isArray(sx) ? sx : [sx])]} {...rest}>
      {title && (
        <>
          <CardHeader
            title={title}
            subheader={subheader}
            action={action}
            slotProps={{ title: { variant: 'h5', component: 'h2' } }}
          />
          <Divider />
        </>
      )}
      <CardContent>{children}</CardContent>
    </Card>
  );
}

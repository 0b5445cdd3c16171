import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterDomLink, type LinkProps as RouterLinkProps } from 'react-router';

/** An MUI link that navigates inside the app. */
export function RouterLink(props: Omit<LinkProps, 'href'> & Pick<RouterLinkProps, 'to' | 'replace' | 'state'>) {
  return (
    <Link
      component={RouterDomLink}
      underline="hover"
      {...props}
      sx={[{ fontWeight: 500 }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    />
  );
}

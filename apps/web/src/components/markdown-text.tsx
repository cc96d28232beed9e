import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Markdown, { type Components } from 'react-markdown';

const blockComponents: Components = {
  a: ({ href, children }) => (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  ),
  img: ({ alt }) => <span>{alt}</span>,
};

/** What a one-line preview keeps: emphasis and code; everything else is unwrapped to its text. */
const INLINE_ELEMENTS = ['strong', 'em', 'del', 'code'];

/**
 * Markdown written by people (comments, descriptions, notification previews), rendered safely:
 * react-markdown builds React elements (no innerHTML), raw HTML in the text is dropped
 * (`skipHtml`), unsafe link protocols are removed by its URL filter, and images show as their alt
 * text (no requests to addresses the text names).
 *
 * `inline`: for a line inside something clickable or clamped (a notification, a card): emphasis
 * and code only, no blocks and no links, and no wrapper, so it sits in the caller's text element.
 * `components` overrides the rendering of elements (the comments' mention links).
 */
export function MarkdownText({
  text,
  inline = false,
  components,
  sx,
  'data-testid': testId,
}: {
  text: string;
  inline?: boolean;
  components?: Components;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
}) {
  if (inline)
    return (
      <Markdown skipHtml allowedElements={INLINE_ELEMENTS} unwrapDisallowed>
        {text}
      </Markdown>
    );
  return (
    <Box
      data-testid={testId}
      sx={[
        {
          wordBreak: 'break-word',
          '& p': { my: 0.5 },
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Markdown skipHtml components={{ ...blockComponents, ...components }}>
        {text}
      </Markdown>
    </Box>
  );
}

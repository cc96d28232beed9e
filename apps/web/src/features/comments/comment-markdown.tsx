import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { MENTION_PATTERN, type Person } from '@taskhive/contract';
import type { Components } from 'react-markdown';
import { MarkdownText } from '../../components/markdown-text';

const MENTION_HREF = '#mention-';

/** Markdown's own characters in a name, escaped so a name cannot turn into formatting. */
const escapeMarkdown = (s: string) => s.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);

/** `@[id]` tokens as links the renderer shows as names (an unknown id stays as "@someone"). */
export function withMentionLinks(body: string, people: readonly Person[]): string {
  return body.replace(MENTION_PATTERN, (_m, id: string) => {
    const p = people.find((x) => x.userId.toLowerCase() === id.toLowerCase());
    const name = p ? `${p.firstName} ${p.lastName}`.trim() : 'someone';
    return `[@${escapeMarkdown(name)}](${MENTION_HREF}${id})`;
  });
}

const components: Components = {
  a: ({ href, children }) =>
    href?.startsWith(MENTION_HREF) ? (
      <Box component="span" sx={{ color: 'primary.main', fontWeight: 600 }}>
        {children}
      </Box>
    ) : (
      <Link href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    ),
};

/** A comment's Markdown (the shared safe renderer) with its mention tokens shown as names. */
export function CommentMarkdown({ body, mentions }: { body: string; mentions: readonly Person[] }) {
  return (
    <MarkdownText
      text={withMentionLinks(body, mentions)}
      components={components}
      sx={{ typography: 'body2' }}
    />
  );
}

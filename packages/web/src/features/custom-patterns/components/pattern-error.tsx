import { Code, Stack, Text } from '@mantine/core';
import { errorPosition } from '../api/custom-patterns.ts';

/** Characters shown either side of the error in a long pattern. */
const AROUND = 32;

interface PatternErrorProps {
  /** The pattern the server refused (not what the field holds now, if it was edited since). */
  pattern: string;
  message: string;
}

/**
 * The server's refusal of a pattern, and where RE2 stopped in it: the pattern (cut around the
 * place in a long one) with a caret under the character at that position.
 */
export function PatternError({ pattern, message }: PatternErrorProps) {
  const position = errorPosition(message);
  if (position === null) return message;
  const chars = Array.from(pattern);
  const start = Math.max(0, position - AROUND);
  const end = Math.min(chars.length, position + AROUND + 1);
  const shown = `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
  const caret = `${' '.repeat(position - start + (start > 0 ? 1 : 0))}^`;
  return (
    <Stack gap={4} component="span">
      <Text component="span" size="xs" c="red">
        {message}
      </Text>
      {/* Inline code shown as a block: the error is a paragraph, which may not hold a <pre>. */}
      <Code aria-label={`Position ${position} of the pattern`} style={{ display: 'block', whiteSpace: 'pre', overflowX: 'auto', padding: '4px 6px' }}>
        {`${shown}\n${caret}`}
      </Code>
    </Stack>
  );
}

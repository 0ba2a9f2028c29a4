import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './rich-text-view';

describe('sanitizeHtml', () => {
  it('keeps the formatting the editor writes', () => {
    expect(sanitizeHtml('<p>A <strong>b</strong> <em>c</em></p><ul><li>d</li></ul>')).toBe(
      '<p>A <strong>b</strong> <em>c</em></p><ul><li>d</li></ul>',
    );
  });

  it('drops scripts, handlers, styles and unsafe links, keeping the text', () => {
    const html =
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script><img src=x onerror="y()"></p>' +
      '<a href="javascript:alert(1)">bad</a><a href="https://example.org">good</a><div>kept text</div>';
    expect(sanitizeHtml(html)).toBe(
      '<p>Hi</p><a>bad</a><a href="https://example.org" rel="noopener noreferrer" target="_blank">good</a>kept text',
    );
  });
});

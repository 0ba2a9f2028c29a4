import { describe, it, expect } from 'vitest';
import { htmlToPlainText, excerpt } from '../../../src/tools/picker/excerpt';

describe('htmlToPlainText', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    ['  lots   of \n\t whitespace  ', 'lots of whitespace'],
    ['<p>Hello <b>world</b>!</p>', 'Hello world!'],
    ['<p>one</p><p>two</p>', 'one two'],
    ['<div>a</div><div>b</div>', 'a b'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['line<br>break', 'line break'],
    ['line<br/>break', 'line break'],
    ['<h1>Title</h1>Body', 'Title Body'],
    ['<td>a</td><td>b</td>', 'a b'],
    ['x<my-widget>y</my-widget>z', 'x y z'],
    ['un<em>bel</em>iev<span>able</span>', 'unbelievable'],
    ['<a href="/x">link</a> text', 'link text'],
    ['<P CLASS="x">Upper</P>case', 'Upper case'],
  ])('strips tags in %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it.each([
    ['<head><title>T</title><meta charset="utf-8"></head><body>hi</body>', 'hi'],
    ['<html><head><title>T</title><body>hi', 'hi'],
    ['<title>T</title>hi', 'hi'],
    ['a<style>p { color: red }</style>b', 'a b'],
    ['a<script>if (a < b && c > d) { x("</p>") }</script>b', 'a b'],
    ['a<script type="module">let s = "<b>"</script >b', 'a b'],
    ['a<SCRIPT>x</SCRIPT>b', 'a b'],
    ['a<iframe src="x">fallback</iframe>b', 'a b'],
    ['a<embed src="x">b', 'a b'],
    ['a<applet>x</applet>b', 'a b'],
    ['a<object><param name="x">fallback</object>b', 'a b'],
    ['a<svg><text>x</text><g><text>y</text></g></svg>b', 'a b'],
    ['a<svg/>b', 'a b'],
    ['a<img src="x.png" alt="alt text">b', 'a b'],
    ['a<picture><source srcset="x"><img src="y"></picture>b', 'a b'],
    ['a<dialog open>x</dialog>b', 'a b'],
    ['a<template><p>x</p></template>b', 'a b'],
    ['a<button>Click</button>b', 'a b'],
    ['a<form><label>Name</label><input name="x"><textarea>t <b>x</b></textarea></form>b', 'a b'],
    ['a<textarea>x</textarea>b', 'a b'],
    ['a<input value="x">b', 'a b'],
    ['a<select><option>1</option><option>2</option></select>b', 'a b'],
    ['a<select><option>1<option>2</select>b', 'a b'],
    ['a<option>x</option>b', 'a b'],
    ['a<form><form>x</form>y</form>b', 'a b'],
  ])('drops hidden content in %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;b&gt;not a tag&lt;/b&gt;', '<b>not a tag</b>'],
    ['&quot;quoted&quot; &#39;single&#39;', '"quoted" \'single\''],
    ['a&nbsp;b', 'a b'],
    ['a&nbsp;&nbsp; b', 'a b'],
    ['&#65;&#x42;&#X43;', 'ABC'],
    ['&#128512;', '😀'],
    ['&#0;&#xD800;&#x110000;', '\ufffd\ufffd\ufffd'],
    ['&AMP; &LT;', '& <'],
    ['&apos;&hellip;&mdash;', "'\u2026\u2014"],
    ['&unknown; &amp', '&unknown; &amp'],
    ['&amp;lt;', '&lt;'],
  ])('decodes entities in %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it.each([
    ['a < b and c > d', 'a < b and c > d'],
    ['1 <2', '1 <2'],
    ['a <!-- comment --> b', 'a b'],
    ['a<!--unterminated comment', 'a'],
    ['<!DOCTYPE html><p>x</p>', 'x'],
    ['a<?xml version="1.0"?>b', 'ab'],
    ['a</>b', 'ab'],
    ['a<p title="x > y">b</p>', 'a b'],
    ["a<p title='x > y'>b</p>", 'a b'],
    ['a<p title=x>b</p>', 'a b'],
    ['a<p title="unterminated>b', 'a'],
    ['text <b', 'text'],
    ['a<script>never closed', 'a'],
    ['</p>stray end tag', 'stray end tag'],
    ['a</button>b', 'a b'],
  ])('handles malformed or unusual markup in %j', (html, text) => {
    expect(htmlToPlainText(html)).toBe(text);
  });

  it('stays linear on hostile nesting', () => {
    const hostile = '<form>'.repeat(50_000) + '</x>'.repeat(50_000) + '<b>'.repeat(50_000);
    const start = Date.now();
    expect(htmlToPlainText(hostile)).toBe('');
    expect(htmlToPlainText('<script>'.repeat(20_000))).toBe('');
    expect(htmlToPlainText('<'.repeat(100_000))).toBe('<'.repeat(100_000));
    expect(Date.now() - start).toBeLessThan(2000);
  });
});

describe('excerpt', () => {
  it.each([
    ['<p>Hello world</p>', 5, false, 'Hello'],
    ['<p>Hello world</p>', 5, true, 'Hello...'],
    ['<p>Hello world</p>', 11, true, 'Hello world'],
    ['<p>Hello world</p>', 100, true, 'Hello world'],
    ['<p>Hello</p><p>world</p>', 7, true, 'Hello w...'],
    ['', 10, true, ''],
    ['😀😀😀😀', 2, true, '😀😀...'],
    ['😀😀', 2, true, '😀😀'],
    ['ünïcödé', 3, false, 'ünï'],
    ['a &amp; b', 3, true, 'a &...'],
  ])('excerpt(%j, %i, %s) = %j', (html, max, withEllipsis, expected) => {
    expect(excerpt(html, max, withEllipsis)).toBe(expected);
  });
});

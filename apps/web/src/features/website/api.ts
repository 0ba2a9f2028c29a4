import type { RecordModel } from 'pocketbase';
export const TOPICS = 'blog_topics';
export const ARTICLES = 'blog_articles';
export const RESOURCES = 'website_resources';

export type TopicRecord = RecordModel & { title: string; description: string };

type Publishing = { status: 'draft' | 'published' | ''; published_at: string; slug: string };

export type ArticleRecord = RecordModel &
  Publishing & {
    topic: string;
    title: string;
    short_description: string;
    full_text: string;
    cover_image: string;
  };

export type ResourceRecord = RecordModel &
  Publishing & {
    title: string;
    embed_script: string;
    full_text: string;
    tags: string[];
    attachments: string[];
  };

/** Drafts' files follow the post's view access: their URLs carry the viewer's file token. */
export { useFileToken, protectedFileUrl as postFileUrl } from '@/components/resource/file-links';

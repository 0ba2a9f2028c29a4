import { useQuery } from '@tanstack/react-query';
import type { RecordModel } from 'pocketbase';
import { pb } from '@/lib/pocketbase';

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

export const STATUS_COLORS = { draft: 'gray', published: 'green' } as const;

/**
 * A file token for showing the files of drafts: they follow the post's view access, and an
 * <img> sends no Authorization header. Renewed well before the server's expiry.
 */
export function useFileToken() {
  return useQuery({
    queryKey: ['files', 'token'],
    queryFn: () => pb.files.getToken(),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** The URL of a post's file with the viewer's file token (thumbnail optional). */
export function postFileUrl(
  record: RecordModel,
  name: string,
  token: string | undefined,
  thumb?: string,
): string {
  return pb.files.getURL(record, name, {
    ...(token ? { token } : {}),
    ...(thumb ? { thumb } : {}),
  });
}

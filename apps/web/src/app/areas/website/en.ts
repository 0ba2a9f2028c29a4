/** English texts of the website area; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      topics: 'Topics & Articles',
      resources: 'Resources',
    },
  },
  pages: {
    resources: 'Resources',
    topics: 'Manage Topics & Articles',
    topic: 'Topic',
  },
  website: {
    saved: '"{{name}}" saved',
    editOf: 'Update {{name}}',
    removeOf: 'Delete {{name}}',
    removeConfirm: 'Delete "{{name}}"? The public website stops showing it at once.',
    fields: {
      title: 'Title',
      description: 'Description',
      shortDescription: 'Short description',
      article: 'Article',
      post: 'Post',
      cover: 'Cover',
      status: 'Status',
      publishedAt: 'Publish date',
      publishedAtHelp:
        'Left empty, publishing sets it to now. A later date keeps the post hidden until then.',
      slug: 'Slug',
      slugHelp: 'Lower-case words joined by hyphens; left empty, it is made from the title.',
      slugInvalid: 'Use lower-case latin letters, digits and hyphens only.',
      embed: 'Embed',
      embedHelp:
        'The player code of a video or podcast. Only https players are kept; scripts are removed.',
      tags: 'Tags',
      attachments: 'Attachments',
      tooShort: 'Write at least {{min}} characters.',
    },
    tags: {
      videos: 'Videos',
      podcasts: 'Podcasts',
      books: 'Books',
      reports: 'Reports',
      others: 'Others',
    },
    preview: {
      label: 'Preview',
      of: 'Preview {{name}}',
      titleOf: 'Preview: {{name}}',
    },
    topics: {
      title: 'Topics',
      help: 'The blog topics of the public website. Open a topic to write its articles.',
      empty: 'No topics yet',
      add: 'Add Topic',
      addTitle: 'Add topic',
      editTitle: 'Update topic',
    },
    topic: {
      titleOf: 'Topic: {{name}}',
    },
    articles: {
      title: 'Articles',
      empty: 'No articles in this topic yet',
      add: 'Add Article',
      addTitle: 'Add article',
      editTitle: 'Update article',
      coverOf: 'Cover of {{name}}',
    },
    resources: {
      title: 'All resources',
      help: 'Videos, podcasts, books and reports shown on the public website once published.',
      empty: 'No resources yet',
      add: 'Add Resource',
      addTitle: 'Add resource',
      editTitle: 'Update resource',
    },
  },
} as const;

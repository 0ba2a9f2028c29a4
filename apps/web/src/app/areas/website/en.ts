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
    // The form's hints and messages; the fields' names are fields.<collection>.<field>.
    hints: {
      publishedAtHelp:
        'Left empty, publishing sets it to now. A later date keeps the post hidden until then.',
      slugHelp: 'Lower-case words joined by hyphens; left empty, it is made from the title.',
      slugInvalid: 'Use lower-case latin letters, digits and hyphens only.',
      embedHelp:
        'The player code of a video or podcast. Only https players are kept; scripts are removed.',
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
  // One name per declared field of the website's collections, on every screen that shows it.
  fields: {
    blog_topics: {
      title: 'Title',
      description: 'Description',
    },
    blog_articles: {
      topic: 'Topic',
      title: 'Title',
      short_description: 'Short description',
      full_text: 'Article',
      cover_image: 'Cover',
      status: 'Status',
      published_at: 'Publish date',
      slug: 'Slug',
    },
    website_resources: {
      title: 'Title',
      embed_script: 'Embed',
      full_text: 'Post',
      tags: 'Tags',
      attachments: 'Attachments',
      status: 'Status',
      published_at: 'Publish date',
      slug: 'Slug',
    },
  },
} as const;

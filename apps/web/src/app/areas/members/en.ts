import { personFieldsEn } from '../person-fields';
/** English texts of the members area; merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      allMembers: 'All Members',
      createMember: 'Create Member',
      memberSettings: 'Member settings',
    },
  },
  pages: {
    members: 'Members List',
    memberNew: 'Create New Member',
    memberSettings: 'Member settings',
    member: 'Member',
    memberUpdate: 'Update Member',
  },
  members: {
    steps: {
      membership: 'Membership',
    },
    tabs: {
      overview: 'Overview',
      dues: 'Dues',
    },
    list: {
      person: 'Member',
      typeFilter: 'Type',
      create: 'Create Member',
      search: 'Search by name, email, phone or number',
      empty: 'No members yet.',
      settings: 'Member settings',
    },
    form: {
      typePlaceholder: 'No membership type',
      noTypes: 'There are no membership types yet. Add them in the members settings.',
    },
    profile: {
      since: 'Member since {{since}}',
      noJoiningDate: 'Joining date not recorded',
    },
    lapsed: {
      title: 'Membership lapsed',
      body: 'The dues ran out on {{date}}. Record a payment in the Dues tab to renew the membership.',
    },
    dues: {
      title: 'Payments',
      summary: 'Dues summary',
      totalPaid: 'Total paid',
      payments: 'Payments',
      lastPaid: 'Last paid on {{date}}',
      state: 'Dues status',
      paidUp: 'Paid up',
      noPayments: 'No payments',
      never: 'Never paid',
      add: 'Add payment',
      addTitle: 'Add payment',
      editTitle: 'Update payment',
      edit: 'Update payment',
      editOf: 'Update the payment of {{date}}',
      removeOf: 'Remove the payment of {{date}}',
      removeConfirm:
        "The payment of {{amount}} on {{date}} will be removed and the paid-until date recomputed. You can't undo this operation",
      added: 'The payment has been recorded.',
      updated: 'The payment has been updated.',
      empty: 'No payments yet.',
      emptyHint:
        'Payments extend the membership: each one covers its months after the previous one.',
      monthsHint: 'How long this payment covers',
      period: 'Period',
      amountRequired: 'Enter an amount of at least 0.01',
      paidOnRequired: 'Enter the date of the payment',
      monthsRange: 'Enter a whole number of months from 1 to 120',
    },
    methods: {
      Cash: 'Cash',
      'Bank transfer': 'Bank transfer',
      'Mobile money': 'Mobile money',
      Cheque: 'Cheque',
      Other: 'Other',
    },
    types: {
      title: 'Membership types',
      help: 'Each type has a fee and a period; a new payment takes them as its amount and months.',
      add: 'Add membership type',
      addTitle: 'Add membership type',
      editTitle: 'Update membership type',
      empty: 'No membership types yet.',
      feeInvalid: 'The fee cannot be negative',
      feeEvery: '{{fee}} every {{months}} months',
      feeEveryMonth: '{{fee}} every month',
      months: '{{count}} months',
      oneMonth: '1 month',
    },
    created: {
      title: 'Member created',
      body: '{{name}} is member {{number}}',
    },
    updated: {
      title: 'Member updated',
      body: '{{name}} has been updated',
    },
    import: {
      title: 'Import members from CSV',
      done: '{{count}} members imported.',
    },
    danger: {
      help: 'Removing this member is permanent, with all their dues payments.',
      confirm:
        "{{name}} and all their dues payments will be removed. You can't undo this operation",
    },
  },
  fields: {
    membership_types: {
      title: 'Title',
      fee: 'Fee',
      period_months: 'Period (months)',
      description: 'Description',
    },
    members: {
      ...personFieldsEn,
      membership_number: 'Number',
      membership_status: 'Status',
      membership_type: 'Membership type',
      paid_until: 'Paid until',
    },
    member_dues: {
      member: 'Member',
      amount: 'Amount',
      paid_on: 'Paid on',
      months: 'Months',
      period_start: 'Period start',
      period_end: 'Period end',
      method: 'Method',
      receipt_number: 'Receipt number',
      note: 'Note',
    },
  },
} as const;

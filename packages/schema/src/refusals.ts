import type { Language, Words } from './workflow';

/**
 * What the server answers when it refuses something, in each language of the app. The wire keeps
 * PocketBase's shape: a stable `code` (and its `params`) per field, and a `message`, which the
 * server writes in the language of the request's `Accept-Language`. An entry's `{name}` parts are
 * filled from the refusal's parameters; a parameter given in both languages (a state's label,
 * a kind of record) is put in the message's own language.
 *
 * `code` is the field error's code on the wire; an entry without one is a whole answer's message.
 * Several entries may share a code: each says it for one case.
 */
export type Refusal = Words & { code?: string };

const r = (code: string | undefined, en: string, ar: string): Refusal =>
  code ? { code, en, ar } : { en, ar };

/** The record engine's own checks, as PocketBase words them (the English is the protocol's). */
const ENGINE = {
  required: r('validation_required', 'Cannot be blank.', 'لا يمكن أن يكون فارغًا.'),
  invalid_value: r('validation_invalid_value', 'Invalid value.', 'قيمة غير صالحة.'),
  invalid_value_of: r(
    'validation_invalid_value',
    'Invalid value {value}.',
    'القيمة {value} غير صالحة.',
  ),
  unstorable_text: r(
    'validation_invalid_value',
    'Must not contain NUL characters or unpaired UTF-16 surrogates.',
    'يجب ألا يحتوي على محرف NUL أو محارف UTF-16 بديلة غير مقترنة.',
  ),
  min_text: r(
    'validation_min_text_constraint',
    'Must be at least {min} character(s).',
    'يجب ألا يقل عن {min} من الأحرف.',
  ),
  max_text: r(
    'validation_max_text_constraint',
    'Must be no more than {max} character(s).',
    'يجب ألا يزيد على {max} من الأحرف.',
  ),
  password_too_long: r(
    'validation_max_text_constraint',
    'Must be less than 72 character(s).',
    'يجب أن يقل عن 72 حرفًا.',
  ),
  invalid_format: r('validation_invalid_format', 'Invalid value format.', 'صيغة القيمة غير صالحة.'),
  is_email: r(
    'validation_is_email',
    'Must be a valid email address.',
    'يجب أن يكون عنوان بريد إلكتروني صالحًا.',
  ),
  invalid_url: r('validation_invalid_url', 'Must be a valid url.', 'يجب أن يكون رابطًا صالحًا.'),
  not_a_number: r(
    'validation_not_a_number',
    'The submitted number is not properly formatted.',
    'صيغة الرقم المرسل غير صحيحة.',
  ),
  only_int: r(
    'validation_only_int_constraint',
    'Decimal numbers are not allowed.',
    'لا يُقبل رقم بكسور عشرية.',
  ),
  money_too_large: r(
    'validation_max_number_constraint',
    'Must be less than {max}.',
    'يجب أن يكون أقل من {max}.',
  ),
  money_precision: r(
    'validation_money_precision',
    'Must have no more than 2 decimal places.',
    'يجب ألا يزيد على خانتين عشريتين.',
  ),
  min_number: r(
    'validation_min_number_constraint',
    'Must be greater or equal than {min}.',
    'يجب أن يكون {min} أو أكثر.',
  ),
  max_number: r(
    'validation_max_number_constraint',
    'Must be less or equal than {max}.',
    'يجب أن يكون {max} أو أقل.',
  ),
  invalid_date: r('validation_invalid_date', 'Must be a valid date.', 'يجب أن يكون تاريخًا صالحًا.'),
  too_many_values: r(
    'validation_too_many_values',
    'Select no more than {maxSelect}.',
    'اختر {maxSelect} على الأكثر.',
  ),
  not_enough_values: r(
    'validation_not_enough_values',
    'Select at least {minSelect}.',
    'اختر {minSelect} على الأقل.',
  ),
  missing_relations: r(
    'validation_missing_rel_records',
    'Failed to find all relation records with the provided ids.',
    'تعذّر العثور على كل السجلات المرتبطة بالمعرّفات المرسلة.',
  ),
  invalid_json: r(
    'validation_invalid_json',
    'Must be a valid json value without NUL characters or unpaired surrogates.',
    'يجب أن يكون قيمة JSON صالحة بلا محرف NUL ولا محارف بديلة غير مقترنة.',
  ),
  json_size: r(
    'validation_json_size_limit',
    'The maximum allowed JSON size is {maxSize} bytes.',
    'أقصى حجم مسموح لقيمة JSON هو {maxSize} بايت.',
  ),
  forbidden_field: r(
    'validation_forbidden_field',
    'You are not allowed to change this field.',
    'لا يحق لك تغيير هذا الحقل.',
  ),
  invalid_pk: r(
    'validation_pk_invalid',
    'The record primary key is invalid or already exists.',
    'معرّف السجل غير صالح أو مستخدم من قبل.',
  ),
  invalid_new_files: r(
    'validation_invalid_file',
    'Invalid new files: {files}.',
    'ملفات جديدة غير صالحة: {files}.',
  ),
  invalid_file_name: r('validation_invalid_file', 'Invalid file name.', 'اسم الملف غير صالح.'),
  file_too_large: r(
    'validation_file_size_limit',
    'Failed to upload {file} - the maximum allowed file size is {maxSize} bytes.',
    'تعذّر رفع {file}: أقصى حجم مسموح للملف هو {maxSize} بايت.',
  ),
  mime_type: r(
    'validation_invalid_mime_type',
    '"{file}" mime type must be one of: {types}.',
    'يجب أن يكون نوع الملف «{file}» واحدًا من: {types}.',
  ),
  too_many_files: r(
    'validation_too_many_files',
    'The maximum allowed files is {maxSelect}.',
    'أقصى عدد مسموح من الملفات هو {maxSelect}.',
  ),
  values_mismatch: r(
    'validation_values_mismatch',
    "Values don't match.",
    'القيمتان غير متطابقتين.',
  ),
  old_password: r(
    'validation_invalid_old_password',
    'Missing or invalid old password.',
    'كلمة المرور الحالية مفقودة أو غير صحيحة.',
  ),
  default_password: r(
    'validation_default_password',
    'Choose a password other than the default one.',
    'اختر كلمة مرور غير كلمة المرور الافتراضية.',
  ),
  not_unique: r('validation_not_unique', 'Value must be unique.', 'يجب أن تكون القيمة فريدة.'),
  invalid_code: r(
    'validation_invalid_code',
    'Invalid or expired code.',
    'الرمز غير صحيح أو انتهت صلاحيته.',
  ),
} as const;

/** Whole answers' messages (no field). */
const ANSWERS = {
  failed_create: r(undefined, 'Failed to create record.', 'تعذّر إنشاء السجل.'),
  failed_update: r(undefined, 'Failed to update record.', 'تعذّر تحديث السجل.'),
  failed_save: r(undefined, 'Failed to save the record.', 'تعذّر حفظ السجل.'),
  failed_delete: r(undefined, 'Failed to delete record.', 'تعذّر حذف السجل.'),
  bad_request: r(
    undefined,
    'Something went wrong while processing your request.',
    'حدث خطأ أثناء معالجة طلبك.',
  ),
  unauthorized: r(
    undefined,
    'The request requires valid record authorization token.',
    'يتطلب هذا الطلب تسجيل الدخول.',
  ),
  forbidden: r(
    undefined,
    'You are not allowed to perform this request.',
    'لا يحق لك تنفيذ هذا الطلب.',
  ),
  not_found: r(undefined, "The requested resource wasn't found.", 'لم يُعثر على المطلوب.'),
  batch_failed: r(undefined, 'Batch transaction failed.', 'تعذّر تنفيذ الطلبات المجمّعة.'),
  batch_item_failed: r('batch_request_failed', 'Batch request failed.', 'تعذّر تنفيذ الطلب.'),
} as const;

/** The workflows' rules (workflow.ts), enforced by the engine for every collection that has one. */
const WORKFLOW = {
  invalid_move: r(
    'validation_invalid_transition',
    'The {record} cannot go from {from} to {to}.',
    'لا يمكن نقل {record} من «{from}» إلى «{to}».',
  ),
  invalid_start: r(
    'validation_invalid_transition',
    'A new {record} starts as {initial}.',
    'يبدأ {record} الجديد بحالة «{initial}».',
  ),
  server_only: r(
    'validation_invalid_transition',
    'The server moves the {record} to {to} itself.',
    'ينقل الخادم {record} إلى «{to}» بنفسه.',
  ),
  needs_permission: r(
    'validation_missing_permission',
    'To {move} the {record}, the permission {permission} is needed.',
    'يتطلب «{move}» على {record} صلاحية «{permission}».',
  ),
  needs_seat: r(
    'validation_committee_seat',
    "Only members of the project's {committee} who may {flag} can {move} it.",
    'لا يقوم بـ«{move}» إلا أعضاء {committee} في المشروع الذين يحق لهم {flag}.',
  ),
  self_approval: r(
    'validation_self_approval',
    'You recorded this {record} or it is for you: someone else must {move} it.',
    'أنت من سجّل {record} أو هو لك: يجب أن يقوم شخص آخر بـ«{move}».',
  ),
  reason_required: r(
    'validation_reason_required',
    'Say why, for the record.',
    'اذكر السبب ليُحفظ في السجل.',
  ),
  locked: r(
    'validation_locked',
    'This cannot change while the {record} is {state}.',
    'لا يمكن تغيير هذا و{record} في حالة «{state}».',
  ),
  locked_by_parent: r(
    'validation_locked',
    'This cannot change while the {record} it belongs to is {state}.',
    'لا يمكن تغيير هذا و{record} الذي يتبعه في حالة «{state}».',
  ),
  not_deletable: r(
    'validation_locked',
    'A {record} that is {state} cannot be deleted.',
    'لا يمكن حذف {record} وهو في حالة «{state}».',
  ),
  parent_missing: r(
    'validation_missing',
    'The {record} it belongs to does not exist.',
    '{record} الذي يتبعه غير موجود.',
  ),
  fixed: r(
    'validation_fixed',
    'Cannot be changed once the {record} exists.',
    'لا يمكن تغييره بعد إنشاء {record}.',
  ),
  bills_required: r(
    'validation_bills_required',
    'Attach the bills before approving them.',
    'أرفق الفواتير قبل اعتمادها.',
  ),
  request_bills_required: r(
    'validation_bills_required',
    'Attach the bills (to the request or to every item) before approving them.',
    'أرفق الفواتير (بالطلب أو بكل بند) قبل اعتمادها.',
  ),
  self_approval_noted: r(
    undefined,
    'Self-approval: {move} by the person who recorded it or whom it is for, as the organisation settings allow.',
    'اعتماد ذاتي: «{move}» ممن سجّله أو ممن هو له، كما تسمح إعدادات المنظمة.',
  ),
} as const;

/** Organisation finance: vaults, the ledger, donations, transfers, counts, advances, assets. */
const FINANCE = {
  vault_needs_project: r(
    'validation_required',
    'A project vault needs its project.',
    'تحتاج خزينة المشروع إلى مشروعها.',
  ),
  project_has_vault: r(
    'validation_not_unique',
    'This project already has its vault.',
    'لهذا المشروع خزينته من قبل.',
  ),
  vault_not_project: r(
    'validation_invalid_value',
    'Only a project vault belongs to a project.',
    'لا تتبع مشروعًا إلا خزينة المشروع.',
  ),
  vault_fixed: r(
    'validation_fixed',
    'Cannot be changed once the vault exists.',
    'لا يمكن تغييره بعد إنشاء الخزينة.',
  ),
  project_vault_delete: r(
    'validation_locked',
    'A project vault is removed with its project only.',
    'لا تُحذف خزينة المشروع إلا مع مشروعها.',
  ),
  project_vault_used: r(
    'validation_has_entries',
    'Cannot delete: money has moved through the project\u2019s vault.',
    'لا يمكن الحذف: مرّت أموال عبر خزينة المشروع.',
  ),
  vault_or_project: r(
    'validation_required',
    'Choose a vault, or a project (its vault).',
    'اختر خزينة، أو مشروعًا (خزينته).',
  ),
  fees_over_amount: r(
    'validation_fees_over_amount',
    'The fees cannot exceed the amount.',
    'لا يمكن أن تزيد الرسوم على المبلغ.',
  ),
  same_vault: r(
    'validation_same_vault',
    'Choose another vault than the one the money leaves.',
    'اختر خزينة غير التي تخرج منها الأموال.',
  ),
  currency: r(
    'validation_currency',
    'Both vaults must hold the same currency.',
    'يجب أن تكون الخزينتان بالعملة نفسها.',
  ),
  count_reason: r(
    'validation_required',
    'Say why the count differs from the balance.',
    'اذكر سبب اختلاف الجرد عن الرصيد.',
  ),
  payment_missing: r(
    'validation_missing',
    'The payment of this record was not found.',
    'لم يُعثر على دفعة هذا السجل.',
  ),
  deduction_over_amount: r(
    'validation_over_amount',
    'The monthly deduction cannot exceed the amount.',
    'لا يمكن أن يزيد القسط الشهري على المبلغ.',
  ),
  payroll_only: r(
    'validation_payroll_only',
    'Instalments withheld from salaries are recorded by paying the payroll run.',
    'تُسجَّل الأقساط المقتطعة من الرواتب بصرف كشف الرواتب.',
  ),
  advance_missing: r('validation_missing', 'The advance does not exist.', 'السلفة غير موجودة.'),
  advance_not_paid: r(
    'validation_not_paid',
    'Only a paid advance is repaid.',
    'لا تُسدَّد إلا سلفة مدفوعة.',
  ),
  over_remaining: r(
    'validation_over_remaining',
    'More than what remains of the advance ({remaining}).',
    'أكثر مما تبقى من السلفة ({remaining}).',
  ),
  elimination_date: r('validation_required', 'When was the asset eliminated?', 'متى استُبعد الأصل؟'),
  elimination_reason: r(
    'validation_required',
    'Why was the asset eliminated?',
    'لماذا استُبعد الأصل؟',
  ),
  useful_life: r(
    'validation_required',
    'Straight-line depreciation needs a useful life.',
    'يحتاج الإهلاك بالقسط الثابت إلى عمر إنتاجي.',
  ),
  declining_rate: r(
    'validation_required',
    'Declining balance needs a yearly rate.',
    'يحتاج الإهلاك بالقسط المتناقص إلى نسبة سنوية.',
  ),
  over_price: r(
    'validation_over_price',
    'Salvage value and opening depreciation exceed the price.',
    'تزيد قيمة الخردة والإهلاك الافتتاحي على السعر.',
  ),
  schedule_fixed: r(
    'validation_locked',
    'A year of the depreciation schedule has passed: its figures are fixed.',
    'مضت سنة من جدول الإهلاك: أرقامه ثابتة.',
  ),
  missing_vault: r('validation_missing_vault', 'The vault does not exist.', 'الخزينة غير موجودة.'),
  insufficient: r(
    'validation_insufficient_funds',
    'Not enough money in {vault}: the available balance is {available} {currency}.',
    'لا يكفي المال في {vault}: الرصيد المتاح {available} {currency}.',
  ),
  over_float: r(
    'validation_over_float_limit',
    '{vault} may hold at most {limit}: its float limit.',
    'لا يمكن أن تحوي {vault} أكثر من {limit}: حدّ صندوقها.',
  ),
  bad_dates: r(
    'validation_invalid_date',
    'Dates must be written YYYY-MM-DD.',
    'اكتب التواريخ بالشكل YYYY-MM-DD.',
  ),
} as const;

/** A project's finance: budget lines, requests and their items, purchases, comments. */
const PROJECT_FINANCE = {
  line_fixed: r(
    'validation_fixed',
    'A budget line stays in its project.',
    'يبقى بند الميزانية في مشروعه.',
  ),
  below_used: r(
    'validation_below_used',
    'The budget cannot go below what is used and on hold ({taken}): it is short by {short}.',
    'لا يمكن أن تقل الميزانية عما صُرف وحُجز ({taken}): ينقصها {short}.',
  ),
  line_in_use: r(
    'validation_has_entries',
    'A budget line with money used or on hold cannot be deleted.',
    'لا يُحذف بند ميزانية صُرف منه أو حُجز فيه مال.',
  ),
  no_vault: r('validation_missing_vault', 'This project has no vault.', 'ليس لهذا المشروع خزينة.'),
  over_free: r(
    'validation_over_free_balance',
    'This would overspend the project vault by {over} {currency}: its free balance is {free} {currency}.',
    'سيتجاوز هذا خزينة المشروع بمبلغ {over} {currency}: رصيدها الحر {free} {currency}.',
  ),
  over_line: r(
    'validation_over_budget_line',
    'This would overspend the budget line "{line}" by {over}: {remaining} remains.',
    'سيتجاوز هذا بند الميزانية «{line}» بمبلغ {over}: المتبقي {remaining}.',
  ),
  no_items: r(
    'validation_no_items',
    'A request without items cannot be approved.',
    'لا يُوافق على طلب بلا بنود.',
  ),
  needs_seat_to_create: r(
    'validation_committee_seat',
    "Only members of the project's {committee} who may create can do this.",
    'لا يقوم بهذا إلا أعضاء {committee} في المشروع الذين يحق لهم الإنشاء.',
  ),
  creator_or_committee: r(
    'validation_committee_seat',
    'Only its creator or the {committee} may change it.',
    'لا يغيّره إلا منشئه أو {committee}.',
  ),
  creator_or_seat: r(
    'validation_committee_seat',
    'Only its creator or a member of the {committee} who may create may do this.',
    'لا يقوم بهذا إلا منشئه أو عضو في {committee} يحق له الإنشاء.',
  ),
  committee_only_comment: r(
    'validation_committee_seat',
    "Only members of the project's {committee} may comment.",
    'لا يعلّق إلا أعضاء {committee} في المشروع.',
  ),
  request_missing: r('validation_missing', 'The request does not exist.', 'الطلب غير موجود.'),
  item_fixed: r('validation_fixed', 'An item stays in its request.', 'يبقى البند في طلبه.'),
  other_project: r(
    'validation_other_project',
    'Choose a budget line of the request\u2019s project.',
    'اختر بند ميزانية من مشروع الطلب.',
  ),
  comment_fixed: r(
    'validation_fixed',
    'A comment stays where it was written.',
    'يبقى التعليق حيث كُتب.',
  ),
  owner_missing: r('validation_missing', 'It does not exist.', 'غير موجود.'),
  activity_missing: r('validation_missing', 'The activity does not exist.', 'النشاط غير موجود.'),
  other_vault: r(
    'validation_other_vault',
    'An activity\u2019s money uses its project\u2019s vault.',
    'تستخدم أموال النشاط خزينة مشروعه.',
  ),
} as const;

/** Payroll: runs, payslips and their lines. */
const PAYROLL = {
  month_taken: r(
    'validation_month_taken',
    'The payroll of {month} already exists.',
    'كشف رواتب {month} موجود من قبل.',
  ),
  negative_net_pay: r(
    'validation_negative_net_pay',
    'Net pay below zero for {employees}: remove lines from their payslips.',
    'صافي الراتب دون الصفر لـ{employees}: احذف بنودًا من قسائمهم.',
  ),
  deduction_below_zero: r(
    'validation_negative_net_pay',
    'This deduction takes the net pay of {employee} below zero ({net}).',
    'ينزل هذا الخصم بصافي راتب {employee} دون الصفر ({net}).',
  ),
  instalments_over: r(
    'validation_over_remaining',
    'The advance instalments of {employees} exceed what remains of their advances: send the run back to draft and update their payslips.',
    'تزيد أقساط سلف {employees} على المتبقي منها: أعد الكشف إلى مسودة وحدّث قسائمهم.',
  ),
  payslip_missing: r('validation_missing', 'The payslip does not exist.', 'القسيمة غير موجودة.'),
  advance_line: r(
    'validation_invalid_value',
    'Advance instalments come from the advances themselves.',
    'تأتي أقساط السلف من السلف نفسها.',
  ),
  line_amount: r('validation_required', 'Enter the amount of the line.', 'أدخل مبلغ البند.'),
  option_amount: r('validation_required', 'Enter the monthly amount.', 'أدخل المبلغ الشهري.'),
  option_percentage: r(
    'validation_required',
    'Enter the percentage of the basic salary.',
    'أدخل النسبة من الراتب الأساسي.',
  ),
} as const;

/** Projects, activities, their timelines, staff and committees. */
const PROJECTS = {
  end_before_start: r(
    'validation_end_before_start',
    'Cannot end before it starts.',
    'لا يمكن أن ينتهي قبل أن يبدأ.',
  ),
  not_active: r(
    'validation_not_active',
    'Only active employees can be chosen.',
    'لا يُختار إلا الموظفون النشطون.',
  ),
  bad_reply: r(
    'validation_invalid_reply',
    'A reply must answer a post of the same timeline.',
    'يجب أن يجيب الرد على منشور من الخط الزمني نفسه.',
  ),
  not_editable: r('validation_not_editable', 'Cannot be changed.', 'لا يمكن تغييره.'),
  has_dependants: r(
    'validation_has_dependants',
    'Cannot delete the project while it has {found}.',
    'لا يمكن حذف المشروع ما دام فيه {found}.',
  ),
} as const;

/** Accounts and roles: nobody grants what they do not hold. */
const ACCOUNTS = {
  holds_more: r(
    'validation_forbidden_account',
    'You cannot change an account that holds permissions you do not hold.',
    'لا يمكنك تغيير حساب يملك صلاحيات لا تملكها.',
  ),
  administrator_role: r(
    'validation_forbidden_role',
    'The Administrator role always holds every permission and keeps its name.',
    'يملك دور المدير كل الصلاحيات دائمًا ويحتفظ باسمه.',
  ),
  grant_missing: r(
    'validation_forbidden_permission',
    'You cannot grant or change permissions you do not hold ({missing}).',
    'لا يمكنك منح صلاحيات لا تملكها أو تغييرها ({missing}).',
  ),
  others_secrets: r(
    'validation_forbidden_account',
    "You are not allowed to change another account's password, email, roles or status.",
    'لا يحق لك تغيير كلمة مرور حساب آخر أو بريده أو أدواره أو حالته.',
  ),
  administrator_delete: r(
    'validation_forbidden_role',
    'The Administrator role cannot be deleted.',
    'لا يمكن حذف دور المدير.',
  ),
  role_delete: r(
    'validation_forbidden_role',
    'You cannot delete a role with permissions you do not hold.',
    'لا يمكنك حذف دور فيه صلاحيات لا تملكها.',
  ),
} as const;

/** Signing in, tokens, backups, lists of a request and the people import's files. */
const SYSTEM = {
  idempotency_key_invalid: r(
    undefined,
    'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    'يجب أن يكون ترويس Idempotency-Key من 1 إلى 255 من محارف ASCII المرئية.',
  ),
  idempotency_key_reused: r(
    undefined,
    'This Idempotency-Key was already used for a different request; send a new key for a new change.',
    'استُعمل مفتاح Idempotency-Key هذا لطلب مختلف؛ أرسل مفتاحًا جديدًا لكل تغيير جديد.',
  ),
  record_changed: r(
    undefined,
    'The record was changed by someone else since this change was made; it was not saved.',
    'غيّر شخص آخر هذا السجل بعد إعداد هذا التغيير؛ لم يُحفظ.',
  ),
  upload_missing: r(
    'validation_upload_missing',
    'A file named here was not found among your finished uploads (missing, unfinished, expired or already used); send it again.',
    'لم يُعثر على ملف مذكور هنا بين ما أتممت رفعه (مفقود أو غير مكتمل أو منتهي الصلاحية أو مستعمل من قبل)؛ أرسله من جديد.',
  ),
  upload_offset: r(
    undefined,
    'The server has received {offset} bytes of this upload; send the next piece from there.',
    'استلم الخادم {offset} بايت من هذا الملف؛ أرسل القطعة التالية من هناك.',
  ),
  upload_too_large: r(
    'validation_file_size_limit',
    'The file is larger than any file field accepts ({maxSize} bytes).',
    'الملف أكبر مما يقبله أي حقل ملفات ({maxSize} بايت).',
  ),
  upload_past_end: r(
    undefined,
    'This piece goes past the size the upload was begun with.',
    'هذه القطعة تتجاوز الحجم الذي بدأ به الرفع.',
  ),
  upload_too_many: r(
    undefined,
    'You have too many unfinished uploads; send or discard waiting changes first.',
    'لديك عدد كبير من الملفات غير المكتملة الرفع؛ أرسل التغييرات المنتظرة أو تخلَّ عنها أولًا.',
  ),
  must_be_valid: r('validation_in_invalid', 'Must be a valid value.', 'يجب أن تكون قيمة صالحة.'),
  must_not_be_in_list: r(
    'validation_not_in_invalid',
    'Must not be in list.',
    'يجب ألا تكون من القائمة.',
  ),
  length_between: r(
    'validation_length_out_of_range',
    'The length must be between {min} and {max}.',
    'يجب أن يكون الطول بين {min} و{max}.',
  ),
  length_at_most: r(
    'validation_length_too_long',
    'The length must be no more than {max}.',
    'يجب ألا يزيد الطول على {max}.',
  ),
  invalid_password: r(
    'validation_invalid_password',
    'Missing or invalid auth record password.',
    'كلمة المرور مفقودة أو غير صحيحة.',
  ),
  invalid_token: r(
    'validation_invalid_token',
    'Invalid or expired token.',
    'الرمز غير صالح أو منتهي الصلاحية.',
  ),
  invalid_token_email: r(
    'validation_invalid_token_email',
    'The new email address is invalid.',
    'عنوان البريد الإلكتروني الجديد غير صالح.',
  ),
  token_collection: r(
    'validation_token_collection_mismatch',
    'The provided token is for different auth collection.',
    'الرمز المقدَّم لمجموعة حسابات أخرى.',
  ),
  token_email: r(
    'validation_token_email_mismatch',
    "The record email doesn't match with the requested token claims.",
    'بريد الحساب لا يطابق ما في الرمز.',
  ),
  password_change_required: r(
    'validation_password_change_required',
    'You must change your password before continuing.',
    'يجب أن تغيّر كلمة المرور قبل المتابعة.',
  ),
  backup_exists: r(
    'validation_backup_exists',
    'A backup with this name exists.',
    'توجد نسخة احتياطية بهذا الاسم.',
  ),
  backup_key: r(
    'validation_invalid_backup_key',
    'Invalid backup name.',
    'اسم النسخة الاحتياطية غير صالح.',
  ),
  backup_name_text: r('validation_invalid_backup_name', 'Must be a text.', 'يجب أن يكون نصًا.'),
  backup_name: r(
    'validation_invalid_backup_name',
    'Use letters, digits, "_", "-" or "." and end the name with .zip.',
    'استخدم حروفًا وأرقامًا و«_» و«-» و«.» وأنهِ الاسم بـ ‎.zip.',
  ),
  backup_file_name: r(
    'validation_invalid_backup',
    'The file name must be letters, digits, "_", "-" or "." and end with .zip.',
    'يجب أن يتكون اسم الملف من حروف وأرقام و«_» و«-» و«.» وأن ينتهي بـ ‎.zip.',
  ),
  invalid_csv: r('validation_invalid_csv', 'The file is not valid CSV.', 'الملف ليس CSV صالحًا.'),
  empty_csv: r(
    'validation_empty_csv',
    'The file needs a header row and at least one person.',
    'يحتاج الملف إلى صف عناوين وشخص واحد على الأقل.',
  ),
  missing_column: r(
    'validation_missing_column',
    'The file needs a "Name" column.',
    'يحتاج الملف إلى عمود «Name».',
  ),
} as const;

/** Committee seats: who approves a project's money. */
const COMMITTEES = {
  own_seat: r(
    'validation_own_seat',
    'Nobody changes their own committee seat: ask another person who manages the committees.',
    'لا يغيّر أحد مقعده في اللجنة: اطلب ذلك من شخص آخر يدير اللجان.',
  ),
} as const;

export const REFUSALS = {
  ...prefixed('engine', ENGINE),
  ...prefixed('answer', ANSWERS),
  ...prefixed('workflow', WORKFLOW),
  ...prefixed('committee', COMMITTEES),
  ...prefixed('finance', FINANCE),
  ...prefixed('project_finance', PROJECT_FINANCE),
  ...prefixed('payroll', PAYROLL),
  ...prefixed('projects', PROJECTS),
  ...prefixed('accounts', ACCOUNTS),
  ...prefixed('system', SYSTEM),
} as const;

export type RefusalId = keyof typeof REFUSALS;

type Prefixed<P extends string, T> = { [K in keyof T as `${P}.${K & string}`]: T[K] };

function prefixed<P extends string, T extends Record<string, Refusal>>(
  prefix: P,
  entries: T,
): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, value]) => [`${prefix}.${key}`, value]),
  ) as Prefixed<P, T>;
}

/** A parameter of a message: one value, or words in each language. */
export type RefusalWord = string | number | Words;

/** Fills `{name}` parts of a text with the parameters, in the given language. */
export function fillRefusal(
  text: string,
  lang: Language,
  words: Readonly<Record<string, RefusalWord>> = {},
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const word = words[name];
    if (word === undefined) return whole;
    return typeof word === 'object' ? word[lang] : String(word);
  });
}

/** The names of a text's `{name}` parts, in order. */
export function refusalParts(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/**
 * The names of the fields members and volunteers share (their person part), in each language;
 * each area's `fields.members` / `fields.volunteers` entries take them, beside their own.
 */
export const personFieldsEn = {
  name: 'Name',
  email: 'Email',
  avatar: 'Photo',
  sex: 'Sex',
  birth_date: 'Birth Date',
  address: 'Address',
  phone_numbers: 'Phone numbers',
  starting_date: 'Joining Date',
  notes: 'Notes',
} as const;

export const personFieldsAr: Record<keyof typeof personFieldsEn, string> = {
  name: 'الاسم',
  email: 'البريد الإلكتروني',
  avatar: 'الصورة',
  sex: 'الجنس',
  birth_date: 'تاريخ الميلاد',
  address: 'العنوان',
  phone_numbers: 'أرقام الهاتف',
  starting_date: 'تاريخ الانضمام',
  notes: 'ملاحظات',
};

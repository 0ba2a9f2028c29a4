/** English texts of the finance area (screens to come); merged into the dictionary with the area (see ../index.ts). */
export const en = {
  nav: {
    links: {
      assets: 'Assets',
      donations: 'Donations',
      expenses: 'Expenses',
      vaults: 'Vaults',
      payroll: 'Payroll',
      salaryPayments: 'Salary Payments',
      advances: 'Advances',
      salarySettings: 'Salary Settings',
    },
  },
  pages: {
    advances: 'Employees Advances',
    assets: 'Assets',
    expenses: 'Expenses',
    grants: 'Donations',
    payroll: 'Employees Payroll',
    salarySettings: 'Salary Settings',
    salaryReport: 'Payroll History',
    vaults: 'Vaults',
  },
} as const;

// Printing the sales view gives its findings alone: the app's header, navigation and
// banners, the view's tabs, its buttons (Print, a table's Columns) and sort marks stay on
// screen. Mounted with the view only, so other pages print as they are.
const PRINT_CSS = `
@media print {
  .mantine-AppShell-header,
  .mantine-AppShell-navbar,
  [role='region'][aria-label='System status'],
  [data-sales-screen-only],
  [data-sales-view] .mantine-Button-root,
  [data-sales-view] th svg {
    display: none !important;
  }
  .mantine-AppShell-main {
    padding: 0 !important;
    min-height: 0 !important;
  }
  [data-sales-view] {
    max-width: none !important;
  }
  [data-sales-view] table {
    min-width: 0 !important;
  }
  [data-sales-view] tr,
  [data-sales-view] [role='group'] {
    break-inside: avoid;
  }
}
`;

export function SalesPrintStyle() {
  return <style data-testid="sales-print-style">{PRINT_CSS}</style>;
}

import { expect, type Locator, type Page } from '@playwright/test';

// Steps of 填写单据 that several journeys take (bill.spec.ts, form-design.spec.ts).

/** Types a day into an antd DatePicker input and confirms it. */
export async function pickDay(input: Locator, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** Submits the form; when the flow asks for 自选 approvers, picks 审批人甲. Ends on the detail page. */
export async function submitBill(page: Page, edit: Locator) {
  await edit.getByRole('button', { name: /^提\s*交$/ }).click();
  const detail = page.getByTestId('bill-detail');
  const choose = page.getByTestId('choose-approvers');
  await expect(detail.or(choose)).toBeVisible({ timeout: 20_000 });
  if (await choose.isVisible()) {
    for (const box of await choose.getByRole('combobox').all()) {
      await box.fill('审批人');
      await page.getByText('审批人甲').last().click();
    }
    await page
      .getByRole('dialog', { name: '选择审批人' })
      .getByRole('button', { name: /提\s*交/ })
      .click();
  }
  await expect(detail).toBeVisible({ timeout: 20_000 });
  return detail;
}

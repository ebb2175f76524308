import '../../test/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FormApp } from '../form/FormApp';
import { FormPrintApp } from '../formPrint/FormPrintApp';
import { readFormId } from './formId';

afterEach(cleanup);

describe('readFormId', () => {
  it.each([
    ['/web-form/', '?id=42', '42'],
    ['/web-form/run/77', '', '77'],
    ['/web-form/run/77/0', '', '77'],
    ['/web-form-print/run/a%20b', '', 'a b'],
    ['/web-form/', '', null],
    ['/web-form/', '?id=', null],
    ['/web-form/run/0', '', null],
  ])('%s%s → %s', (pathname, search, id) => {
    expect(readFormId({ pathname, search })).toBe(id);
  });
});

describe('sub-app shells', () => {
  it('the form app says the form id is missing', () => {
    render(<FormApp location={{ pathname: '/web-form/', search: '' }} />);
    expect(screen.getByText('缺少表单编号')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '表单' })).toBeTruthy();
  });

  it('the form app names the form it was opened for', () => {
    render(<FormApp location={{ pathname: '/web-form/', search: '?id=42' }} />);
    expect(screen.queryByText('缺少表单编号')).toBeNull();
    expect(screen.getByText('表单 42')).toBeTruthy();
  });

  it('the print app lays out at least 1200x600 and says the id is missing', () => {
    const { container } = render(<FormPrintApp location={{ pathname: '/web-form-print/', search: '' }} />);
    expect(screen.getByText('缺少表单编号')).toBeTruthy();
    const layout = container.querySelector('.ant-layout') as HTMLElement;
    expect(layout.style.minWidth).toBe('1200px');
    expect(layout.style.minHeight).toBe('600px');
  });
});

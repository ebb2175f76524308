import { describe, expect, it } from 'vitest';
import { checkMarks, regionNodes, takenCities, toggleCheck } from './cities';

// Codes and names as GB/T 2260 has them (a part of 浙江省 and 江苏省).
const DATA = [
  {
    code: '330000',
    name: '浙江省',
    children: [
      { code: '330100', name: '杭州市' },
      { code: '330200', name: '宁波市' },
      { code: '330300', name: '温州市' },
    ],
  },
  {
    code: '320000',
    name: '江苏省',
    children: [
      { code: '320100', name: '南京市' },
      { code: '320500', name: '苏州市' },
    ],
  },
];
const taken = takenCities(
  [
    { id: 1, name: '一线城市', order: 1, cities: [] },
    { id: 2, name: '二线城市', order: 2, cities: [{ code: '330300', name: '温州市' }] },
  ] as never,
  1,
);

describe('checkMarks', () => {
  it('marks a province half-checked while a search shows only its chosen city', () => {
    expect(checkMarks(DATA, ['330100'], taken)).toEqual({
      checked: ['c-330100'],
      halfChecked: ['p-330000'],
    });
  });

  it('marks a province checked when all its free cities are chosen (a city of another group aside)', () => {
    expect(checkMarks(DATA, ['330100', '330200', '320100'], taken)).toEqual({
      checked: ['c-330100', 'c-330200', 'c-320100', 'p-330000'],
      halfChecked: ['p-320000'],
    });
  });
});

describe('toggleCheck', () => {
  const all = regionNodes(DATA, taken, '');
  const searched = regionNodes(DATA, taken, '杭州');

  it('toggles one city', () => {
    expect(toggleCheck(['320100'], searched, 'c-330100')).toEqual(['320100', '330100']);
    expect(toggleCheck(['320100', '330100'], searched, 'c-330100')).toEqual(['320100']);
  });

  it('a province adds the free cities shown under it, never one of another group', () => {
    expect(toggleCheck([], all, 'p-330000')).toEqual(['330100', '330200']);
    // Searched for 杭州: only 杭州市 is shown, so only it is added.
    expect(toggleCheck(['320100'], searched, 'p-330000')).toEqual(['320100', '330100']);
  });

  it('a province whose shown cities are all chosen removes them and keeps the hidden ones', () => {
    expect(toggleCheck(['330100', '330200', '320100'], searched, 'p-330000')).toEqual(['330200', '320100']);
    expect(toggleCheck(['330100', '330200'], all, 'p-330000')).toEqual([]);
  });
});

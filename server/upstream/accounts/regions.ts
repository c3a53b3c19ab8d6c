// Mainland China's provinces, cities and districts by GB/T 2260 code, from @vant/area-data (kept by the
// Vant team). Taiwan, Hong Kong and Macao (codes 71, 81, 82) are regions of their own in the country list.
import { areaList } from "@vant/area-data";

const { province_list: provinces, city_list: cities, county_list: districts } = areaList;
const outsideMainland = /^(?:71|81|82)/;

type Region = { code: string; name: string };
const entries = (list: Record<string, string>, prefix: string): Region[] =>
  Object.entries(list)
    .filter(([code]) => code.startsWith(prefix) && !outsideMainland.test(code))
    .map(([code, name]) => ({ code, name }));

/** Provinces (no parent), a province's cities, or a city's districts; empty for an unknown parent. */
export function regionList(parentCode: string | undefined): Region[] {
  if (parentCode === undefined) return entries(provinces, "");
  if (provinces[parentCode] && !outsideMainland.test(parentCode)) return entries(cities, parentCode.slice(0, 2));
  if (cities[parentCode] && !outsideMainland.test(parentCode)) return entries(districts, parentCode.slice(0, 4));
  return [];
}

/** The names of a province › city › district chain, or null unless each exists and lies in the one before. */
export function resolveRegion(provinceCode: string, cityCode: string, districtCode: string): [string, string, string] | null {
  if (outsideMainland.test(provinceCode)) return null;
  const province = provinces[provinceCode];
  const city = cities[cityCode];
  const district = districts[districtCode];
  if (!province || !city || !district) return null;
  if (cityCode.slice(0, 2) !== provinceCode.slice(0, 2) || districtCode.slice(0, 4) !== cityCode.slice(0, 4)) return null;
  return [province, city, district];
}

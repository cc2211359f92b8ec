import type { BinXmlValue } from './binxml-values';
import type { XmlContent, XmlElement } from './binxml';
import { isElement, joinValues } from './binxml';

/** A JSON object as evtx_dump writes it. */
export type EvtxJson = { [key: string]: EvtxJsonValue };
type EvtxJsonValue = BinXmlValue | EvtxJson;

/**
 * An event's XML as `evtx_dump -o json` renders it, so that a binary record and the same
 * record exported as JSON reach the Windows parser in one shape:
 * - `{"Event": {"#attributes": {...}, "System": {...}, "EventData": {...}}}`;
 * - an element with only text is its value (numbers stay numbers), an empty one is null;
 * - attributes go under `#attributes`, text beside them under `#text`;
 * - a `Data` element with a `Name` attribute becomes a key of that name; unnamed `Data`
 *   elements gather under `Data.#text` (an array when there are several);
 * - other repeated names get `_1`, `_2`... suffixes.
 */
export function evtxJson(root: XmlElement): EvtxJson {
  return { [root.name]: elementValue(root) };
}

function attributesOf(element: XmlElement): EvtxJson | null {
  if (element.attributes.length === 0) return null;
  const out: EvtxJson = {};
  for (const { name, value } of element.attributes) put(out, name, value);
  return out;
}

function textOf(children: readonly XmlContent[]): BinXmlValue {
  return joinValues(children.filter((child) => !isElement(child)) as BinXmlValue[]);
}

function elementValue(element: XmlElement): EvtxJsonValue {
  const attributes = attributesOf(element);
  const elements = element.children.filter(isElement);
  const text = textOf(element.children);
  if (elements.length === 0) {
    if (attributes === null) return text;
    return text === null
      ? { '#attributes': attributes }
      : { '#attributes': attributes, '#text': text };
  }
  const out: EvtxJson = {};
  if (attributes !== null) out['#attributes'] = attributes;
  const unnamedData: BinXmlValue[] = [];
  for (const child of elements) {
    const dataName =
      child.name === 'Data' ? child.attributes.find((a) => a.name === 'Name') : undefined;
    if (dataName !== undefined) {
      put(out, freeKey(out, String(dataName.value)), textOf(child.children));
    } else if (
      child.name === 'Data' &&
      child.attributes.length === 0 &&
      !child.children.some(isElement)
    ) {
      unnamedData.push(textOf(child.children) ?? '');
    } else {
      put(out, freeKey(out, child.name), elementValue(child));
    }
  }
  if (unnamedData.length > 0) {
    put(out, freeKey(out, 'Data'), {
      '#text': unnamedData.length === 1 ? unnamedData[0]! : unnamedData,
    });
  }
  if (text !== null) out['#text'] = text;
  return out;
}

/** Sets a key as own data, even one named `__proto__` (names come from the file). */
function put(object: EvtxJson, key: string, value: EvtxJsonValue): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** `name`, or `name_1`, `name_2`... when the object already has it. */
function freeKey(object: EvtxJson, name: string): string {
  if (!Object.hasOwn(object, name)) return name;
  for (let n = 1; ; n += 1) {
    const key = `${name}_${n}`;
    if (!Object.hasOwn(object, key)) return key;
  }
}

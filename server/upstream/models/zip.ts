// A ZIP archive written entry by entry (PKWARE APPNOTE 6.3.10, sections 4.3 and 4.4): each file deflated on its own
// and written before the next is read, so an archive of any number of files holds one file in memory at a time.
// Sizes and CRC go in the local header (the file is compressed before its header is written), which every unzip
// reads without the data-descriptor extension; the central directory (46 bytes and a name per file, in buffers of
// its own) is kept until the end. No ZIP64: an archive over 4 GiB or 65,535 files is refused rather than written wrong.
import { crc32, deflateRawSync } from "node:zlib";

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  bytes: Uint8Array;
}

const LIMIT = 0xffffffff;

/** MS-DOS date and time (APPNOTE 4.4.6) of a day at noon UTC: a version's files carry its publication day. */
function dosDateTime(day: string): { date: number; time: number } {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { date: ((year - 1980) << 9) | (month << 5) | date, time: 12 << 11 };
}

/**
 * Writes the archive through `write`, which may return a promise (back-pressure); the same entries on the same day
 * give the same bytes. Returns the archive's size.
 */
export async function writeZip(entries: Iterable<ZipEntry>, day: string, write: (chunk: Buffer) => void | Promise<void>): Promise<number> {
  const { date, time } = dosDateTime(day);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = deflateRawSync(entry.bytes, { level: 9 });
    const crc = crc32(entry.bytes);
    // Names are ASCII part numbers and file names, but a UTF-8 name says so (bit 11).
    const flags = /^[\x20-\x7e]*$/.test(entry.name) ? 0 : 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    // The record and its name in one unpooled buffer: a small Buffer.from() is a slice of Node's shared 8 KB pool, and
    // keeping it to the end kept its whole pool (filled by the file reads around it) alive, about 8 KB per file.
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(0x0314, 4); // made by: UNIX (3), 2.0 — so the mode below is read
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(flags, 8);
    record.writeUInt16LE(8, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(date, 14);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.length, 20);
    record.writeUInt32LE(entry.bytes.length, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
    record.writeUInt32LE(offset, 42);
    if (offset + local.length + name.length + data.length > LIMIT || ++count > 0xffff) throw new RangeError("the archive would need ZIP64");
    name.copy(record, 46);
    central.push(record);
    await write(Buffer.concat([local, name]));
    await write(data);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(directory);
  await write(end);
  return offset + directory.length + end.length;
}

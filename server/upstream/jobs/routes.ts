// Job positions by page with type, location and department filters, and one position by id.
import type { Router } from "express";
import type { SQLInputValue } from "node:sqlite";
import { jobTypes, queryRecruitmentById, queryRecruitmentByPage, type JobDetail, type JobListItem, type JobType } from "../../../shared/contract/index.ts";
import type { Database } from "../db.ts";
import { ApiError, mountCall, type MountOptions } from "../http.ts";
import { likePattern } from "../sql.ts";
import { chinaToday, isJobOpen } from "../../../shared/query/jobs.ts";

const listColumns = "id, type, title, location, department, headcount, date, json_extract(data, '$.closingDate') AS closingDate";
/** Closed positions (closing day before today, China time) are left out of the list and of every filter count. */
const openClause = "(json_extract(data, '$.closingDate') IS NULL OR json_extract(data, '$.closingDate') >= ?)";

export function mountJobRoutes(router: Router, db: Database, options: MountOptions) {
  const typeCounts = db.prepare(`SELECT type AS value, COUNT(*) AS count FROM jobs WHERE language = ? AND ${openClause} GROUP BY type`);
  const locations = db.prepare(
    `SELECT location AS value, COUNT(*) AS count FROM jobs WHERE language = ? AND ${openClause} GROUP BY location ORDER BY count DESC, location`,
  );
  const departments = db.prepare(
    `SELECT department AS value, COUNT(*) AS count FROM jobs WHERE language = ? AND ${openClause} GROUP BY department ORDER BY count DESC, department`,
  );

  mountCall(
    router,
    queryRecruitmentByPage,
    ({ body, language }) => {
      const today = chinaToday();
      const where = ["language = ?", openClause];
      const args: SQLInputValue[] = [language, today];
      for (const key of ["type", "location", "department"] as const) {
        if (body[key]) {
          where.push(`${key} = ?`);
          args.push(body[key]);
        }
      }
      if (body.keyword) {
        where.push("(title LIKE ? ESCAPE '\\' OR department LIKE ? ESCAPE '\\' OR location LIKE ? ESCAPE '\\')");
        const pattern = likePattern(body.keyword);
        args.push(pattern, pattern, pattern);
      }
      const clause = where.join(" AND ");
      const total = (db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE ${clause}`).get(...args) as { n: number }).n;
      const list = db
        .prepare(`SELECT ${listColumns} FROM jobs WHERE ${clause} ORDER BY date DESC, id DESC LIMIT ? OFFSET ?`)
        .all(...args, body.pageSize, (body.pageIndex - 1) * body.pageSize) as unknown as JobListItem[];
      const counted = new Map((typeCounts.all(language, today) as Array<{ value: JobType; count: number }>).map((row) => [row.value, row.count]));
      return {
        list,
        total,
        pageIndex: body.pageIndex,
        pageSize: body.pageSize,
        filters: {
          types: jobTypes.filter((type) => counted.has(type)).map((type) => ({ value: type, count: counted.get(type)! })),
          locations: locations.all(language, today) as Array<{ value: string; count: number }>,
          departments: departments.all(language, today) as Array<{ value: string; count: number }>,
        },
      };
    },
    options,
  );

  const byId = db.prepare(`SELECT ${listColumns}, data FROM jobs WHERE id = ? AND language = ?`);
  mountCall(
    router,
    queryRecruitmentById,
    ({ body, language }): JobDetail => {
      const row = byId.get(body.id, language) as (JobListItem & { data: string }) | undefined;
      if (!row) throw new ApiError("E40030007");
      const { data, ...item } = row;
      return {
        ...item,
        ...(JSON.parse(data) as Pick<JobDetail, "description" | "duties" | "requirements" | "email">),
        closed: !isJobOpen(item.closingDate, chinaToday()),
      };
    },
    options,
  );
}

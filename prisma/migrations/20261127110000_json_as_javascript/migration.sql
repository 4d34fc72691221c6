-- JSON text written the way JavaScript writes the same value: compiled reads (issue 28) let PostgreSQL write an
-- answer's JSON, and it must be byte for byte what the service writes after reading the value (JSON.parse, then
-- JSON.stringify). jsonb's own text differs: it puts a space after every `:` and `,`, writes numbers as stored
-- (1e-7 as 0.0000001, 1e21 in full, 1.50 with its zero) and keeps keys in its own order, where JavaScript puts keys
-- that are array indexes ("0", "7", "10") first, in numeric order (docs/decisions.md D-310).

-- Whether decimal d reads back as double x. From 2^1024 - 2^970 up a decimal reads as Infinity, which float8's input
-- refuses: LEAST keeps the cast from failing (conditions may be evaluated in any order), the first test says no.
CREATE FUNCTION svc_reads_back(d numeric, x float8) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT d < 2::numeric ^ 1024 - 2::numeric ^ 970 AND LEAST(d, 2::numeric ^ 1024 - 2::numeric ^ 971)::float8 = x
$$;

-- A double as JavaScript's Number#toString writes it (what JSON.stringify writes for a finite number; null for the
-- others): the fewest significant digits that read back as the double (the one nearest to it among several),
-- positional from 1e-6 up to 1e21, else one digit, a point, the rest and an unpadded exponent (1.5e-7, 1e+21).
-- float8's own text differs in three ways: it switches to an exponent at 1e15 and 1e-4, pads the exponent to two
-- digits, and takes a 17th digit where a 16-digit decimal reads back as the double only by rounding a tie to even,
-- which JavaScript accepts (4.4292430212272224e+16 against 44292430212272220).
CREATE FUNCTION svc_js_number(x float8) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c numeric;
  s text;
  int_part text;
  frac text;
  digits text;
  e int;
  sign text := CASE WHEN x < 0 THEN '-' ELSE '' END;
BEGIN
  IF x = 0 THEN RETURN '0'; END IF;
  IF x IN ('NaN'::float8, 'Infinity'::float8, '-Infinity'::float8) THEN RETURN 'null'; END IF;
  -- Whole numbers below 1e15 (most attribute values): exact in a double, written digit for digit by both.
  IF abs(x) < 1e15::float8 AND x = trunc(x) THEN RETURN x::text; END IF;
  -- Fifteen significant digits (float8 to numeric rounds so): the shortest whenever that many suffice, except
  -- below the smallest normal double (2.2250738585072014e-308), where fewer digits suffice than fifteen.
  c := abs(x)::numeric;
  IF abs(x) < 2.2250738585072014e-308::float8 OR NOT svc_reads_back(c, abs(x)) THEN
    c := abs(x)::text::numeric;
  END IF;
  FOR pass IN 1..2 LOOP
    s := trim_scale(c)::text;
    int_part := split_part(s, '.', 1);
    frac := split_part(s, '.', 2);
    IF int_part <> '0' THEN
      digits := rtrim(int_part || frac, '0');
      e := length(int_part) - 1;
    ELSE
      digits := ltrim(frac, '0');
      e := length(digits) - length(frac) - 1;
    END IF;
    EXIT WHEN length(digits) < 17;
    EXIT WHEN NOT svc_reads_back(round(c, 15 - e), abs(x));
    c := round(c, 15 - e);
  END LOOP;
  IF e >= 21 OR e <= -7 THEN
    RETURN sign || left(digits, 1) || CASE WHEN length(digits) > 1 THEN '.' || substr(digits, 2) ELSE '' END
      || 'e' || CASE WHEN e >= 0 THEN '+' ELSE '-' END || abs(e);
  END IF;
  RETURN sign || s;
END
$$;

-- A JSON number as JavaScript reads and writes it: the nearest double (float8's input rounds as JSON.parse does);
-- 0 from half the smallest double down, null from half an ulp past the largest up (JSON.parse reads those as 0 and
-- Infinity, which JSON.stringify writes as null; float8's input refuses both). The bounds are exact: 2^1024 - 2^970
-- and 2^-1075, written as powers of two, which numeric computes exactly.
CREATE FUNCTION svc_js_number(n numeric) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN abs(n) >= 2::numeric ^ 1024 - 2::numeric ^ 970 THEN 'null'
    WHEN abs(n) * 2::numeric ^ 1075 <= 1 THEN '0'
    ELSE svc_js_number(n::float8)
  END
$$;

-- A jsonb value as JSON.stringify(JSON.parse(value::text)) writes it: no spaces, numbers as above, object keys that
-- are array indexes (0 to 2^32 - 2, no leading zero) first in numeric order, then the others in jsonb's order (the
-- order JSON.parse met them in). Strings need nothing: jsonb escapes exactly the characters JSON.stringify escapes,
-- the same way (\" \\ \b \f \n \r \t, other control characters as lowercase \u00xx).
CREATE FUNCTION svc_json_js(j jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  CASE jsonb_typeof(j)
    WHEN 'object' THEN
      IF j = '{}'::jsonb THEN RETURN '{}'; END IF;
      RETURN '{' || (
        SELECT string_agg(to_json(e.key)::text || ':' || svc_json_js(e.value), ','
          ORDER BY e.index IS NULL, e.index, e.i)
        FROM (SELECT x.key, x.value, x.i,
                CASE WHEN x.key ~ '^(0|[1-9][0-9]{0,9})$' AND x.key::bigint < 4294967295 THEN x.key::bigint END AS index
              FROM jsonb_each(j) WITH ORDINALITY AS x(key, value, i)) e) || '}';
    WHEN 'array' THEN
      IF j = '[]'::jsonb THEN RETURN '[]'; END IF;
      RETURN '[' || (
        SELECT string_agg(svc_json_js(x.value), ',' ORDER BY x.i)
        FROM jsonb_array_elements(j) WITH ORDINALITY AS x(value, i)) || ']';
    WHEN 'number' THEN
      RETURN svc_js_number(j::text::numeric);
    ELSE
      -- Strings, true, false and null: jsonb writes them as JSON.stringify does.
      RETURN j::text;
  END CASE;
END
$$;

-- A media key as an S3 URL path writes it (src/platform/storage/sigv4.ts uriEncode with slashes kept): each UTF-8
-- byte outside A-Z a-z 0-9 - . _ ~ / as %XX, upper-case hex. Stored keys rarely hold any (`2026/05/ab12cd34-photo.png`).
CREATE FUNCTION svc_uri_path(key text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN key ~ '^[A-Za-z0-9._~/-]*$' THEN key ELSE (
    SELECT string_agg(CASE WHEN b BETWEEN 48 AND 57 OR b BETWEEN 65 AND 90 OR b BETWEEN 97 AND 122 OR b IN (45, 46, 95, 126, 47)
                           THEN chr(b) ELSE '%' || upper(lpad(to_hex(b), 2, '0')) END, '' ORDER BY i)
    FROM (SELECT i, get_byte(convert_to(key, 'UTF8'), i) AS b
          FROM generate_series(0, octet_length(convert_to(key, 'UTF8')) - 1) AS i) bytes)
  END
$$;

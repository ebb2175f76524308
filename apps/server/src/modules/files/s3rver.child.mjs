// A real S3-compatible server for the S3 adapter's tests (s3rver 3), run as its own process: its
// dependencies (koa, cookies) write to built-in prototypes while loading, which the server test
// setup forbids. Usage: node s3rver.child.mjs <directory> <bucket>; prints the port, stops on SIGTERM.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${port}\n`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent's end: when the test process goes, so does this one.
process.stdin.on('end', stop);
process.stdin.resume();

export default function Page() { return <div>chatgpt-ecommerce-page</div>; }
